extension LanguageLexicon {
  /// Romanian: codes from Romanian banks, Ghiseul.ro, apps, couriers and carriers.
  static let romanian = LanguageLexicon(
    language: "ro", name: "Romanian",
    strongCodeTerms: [
      "cod de verificare", "codul de verificare", "codului de verificare", "cod de securitate",
      "codul de securitate", "cod de confirmare", "codul de confirmare", "cod de acces",
      "codul de acces", "cod de activare", "codul de activare", "cod de autentificare",
      "codul de autentificare", "cod de autorizare", "codul de autorizare", "cod de validare",
      "codul de validare", "cod unic", "codul unic", "cod de unică folosință",
      "cod de unica folosinta", "cod unic de utilizare", "cod temporar", "codul temporar",
      "cod otp", "codul otp", "cod sms", "codul sms", "cod 2fa", "cod de logare", "codul de logare",
      "cod de conectare", "codul de conectare", "cod de deblocare", "cod de resetare",
      "cod de recuperare", "cod de identificare", "cod de tranzacție", "parolă unică",
      "parola unică", "parolă temporară", "parola temporară", "parolă de unică folosință",
      "parola de unică folosință", "parolă otp", "parola otp", "parola sms", "pin de securitate",
      "token de securitate", "otp", "2fa",
    ],
    weakCodeTerms: [
      "cod", "codul", "codului", "coduri", "codurile", "parolă", "parola", "parolei", "pin",
      "pin-ul", "cheie", "cheia", "token", "confirma", "confirmați", "confirmarea", "confirmare",
      "confirmi", "autentific*", "verifica", "verificare", "verificarea", "activa", "activare",
      "activarea", "activează", "conectare", "autorizare", "autoriza",
    ],
    codeLinkers: [
      "este", "e", "va fi", "tău", "tau", "dvs", "dumneavoastră", "dumneavoastra", "ta", "este:",
      "introdu", "introduceți", "introduceti", "folosește", "foloseste", "folosiți", "utilizați",
    ],
    negativeTerms: [
      .reference: [
        "comanda", "comandă", "comenzii", "comenzi", "factura", "factură", "facturii", "facturi",
        "tranzacți*", "tranzacti*", "referinț*", "referint*", "rezervar*", "bilet*", "zbor*", "awb",
        "colet*", "expediți*", "expediti*", "livrar*", "urmărire", "urmarire", "client*",
        "cod client", "contract*", "poliț*", "polit*", "dosar*", "tichet*", "cerer*", "solicitar*",
        "loc", "vagon", "programar*", "număr de înmatriculare", "cnp", "cui", "nr. comanda",
        "număr comandă", "numar comanda", "easybox",
      ],
      .phone: [
        "sună", "suna", "sunați", "sunati", "apelează", "apeleaza", "apelați", "telefon*", "tel",
        "mobil", "whatsapp", "call center", "serviciul clienți", "serviciul clienti",
        "relații clienți", "relatii clienti", "linia", "număr gratuit", "numar gratuit", "infoline",
        "contactează", "contacteaza", "contactați", "fax",
      ],
      .money: [
        "sold*", "sumă", "suma", "sumei", "plătit*", "platit*", "plată", "plata", "plăți",
        "debitat*", "debitare", "creditat*", "creditare", "transfer*", "cumpărătur*", "cumparatur*",
        "achiziți*", "preț*", "pret*", "total*", "retragere", "retras", "ramburs*", "comision*",
        "rată", "rata", "rate", "abonament*", "reîncărcare", "reincarcare", "disponibil*", "limită",
        "limita", "datorie", "restanț*", "tva", "de plată", "în valoare de", "in valoare de",
        "valoare",
      ],
      .account: [
        "card*", "cardul", "terminat în", "terminat in", "care se termină în", "care se termina in",
        "încheiat în", "cont", "contul", "contului", "iban",
      ],
      .address: [
        "cod poștal", "cod postal", "strada", "str", "bulevard*", "calea", "șoseaua", "soseaua",
        "piața", "piata", "bloc", "scara", "etaj*", "apartament*", "sala", "camera", "peron*",
        "linia", "poarta", "terminal", "adres*", "sector*", "ghișeu*", "ghiseu*", "cabinet*",
      ],
      .promo: [
        "cod promoțional", "cod promotional", "cod de reducere", "codul de reducere", "cupon*",
        "voucher*", "card cadou", "reducere", "reduceri", "promoți*", "promoti*", "ofert*",
        "gratuit*", "gratis", "discount",
      ],
      .shortCode: [
        "trimite", "trimiteți", "trimiteti", "răspunde", "raspunde", "stop la", "la numărul",
        "la numarul", "dezabonare", "dezabonează",
      ],
      .date: [
        "ianuarie", "februarie", "martie", "aprilie", "mai", "iunie", "iulie", "august",
        "septembrie", "octombrie", "noiembrie", "decembrie", "ian", "feb", "mar", "apr", "iun",
        "iul", "aug", "sep", "oct", "nov", "dec", "luni", "marți", "marti", "miercuri", "joi",
        "vineri", "sâmbătă", "sambata", "duminică", "duminica", "azi", "astăzi", "astazi", "mâine",
        "maine", "ora", "orele", "data", "ziua", "până la", "pana la",
      ],
    ],
    durationUnits: [
      1: ["secunde", "secundă", "secunda", "sec"],
      60: ["minute", "minut", "minutul", "min"],
      3600: ["ore", "oră", "ora", "h"],
      86400: ["zile", "zi", "zilei"],
    ],
    expiryTerms: [
      "valabil", "valabil timp de", "valabil pentru", "este valabil", "valid", "valid timp de",
      "expiră în", "expira in", "expiră", "expira", "timp de", "în următoarele", "in urmatoarele",
      "în termen de", "in termen de", "valabilitate", "valabil până",
    ],
    currencyTerms: [
      "lei", "leu", "ron", "bani", "euro",
    ],
    safetyTerms: [
      "nu divulga", "nu divulgați", "nu divulgati", "nu comunica", "nu comunicați", "nu comunicati",
      "nu transmite", "nu transmiteți", "nu împărtăși", "nu impartasi", "nu oferi", "nu furniza",
      "nimănui", "nimanui", "nu vă vom cere", "nu va vom cere", "nu îți vom cere",
      "nu iti vom cere", "nu solicităm niciodată", "niciodată", "dacă nu ați solicitat",
      "daca nu ati solicitat", "dacă nu ai solicitat", "nu ai fost tu", "fraudă", "frauda",
      "înșelăciune",
    ])
}
