extension LanguageLexicon {
  /// Czech: codes from Czech banks, bank-identity services, apps, Zásilkovna, PPL and authorities,
  /// in their cases.
  static let czech = LanguageLexicon(
    language: "cs", name: "Czech",
    strongCodeTerms: [
      "ověřovací kód*", "ověřovacího kód*", "ověřovacím kód*", "autorizační kód*",
      "autorizačního kód*", "autorizačním kód*", "potvrzovací kód*", "potvrzovacího kód*",
      "potvrzovacím kód*", "bezpečnostní kód*", "bezpečnostního kód*", "bezpečnostním kód*",
      "jednorázový kód*", "jednorázového kód*", "jednorázovým kód*", "jednorázové heslo",
      "jednorázového hesla", "jednorázovým heslem", "jednorázová hesla", "přihlašovací kód*",
      "přihlašovacího kód*", "přihlašovacím kód*", "aktivační kód*", "aktivačního kód*",
      "aktivačním kód*", "verifikační kód*", "verifikačního kód*", "verifikačním kód*",
      "identifikační kód*", "kontrolní kód*", "kontrolního kód*", "obnovovací kód*", "dočasný kód*",
      "dočasné heslo", "sms kód*", "sms kódu", "sms kódem", "kód z sms", "kód ze sms",
      "kód pro přihlášení", "kód k přihlášení", "kód pro ověření", "kód k ověření",
      "kód pro potvrzení", "kód k potvrzení", "kód pro aktivaci", "kód k aktivaci",
      "kód pro autorizaci", "kód k autorizaci", "autorizační sms", "potvrzovací sms", "otp", "2fa",
      "kód otp",
    ],
    weakCodeTerms: [
      "kód", "kódu", "kódem", "kódy", "kódů", "heslo", "hesla", "heslem", "pin", "pin kód*",
      "klíč*", "token*", "potvrď*", "potvrdit", "potvrzení", "ověřit", "ověřte", "ověření",
      "přihlás*", "aktivovat", "aktivujte", "autorizovat", "autorizujte", "autorizace",
      "autentizace",
    ],
    codeLinkers: [
      "je", "zní", "váš", "vaše", "tvůj", "tvoje", "je:", "zadejte", "zadej", "použijte", "použij",
      "opište",
    ],
    negativeTerms: [
      .reference: [
        "objednávk*", "číslo objednávky", "faktur*", "transakc*", "referenc*", "variabilní symbol",
        "variabilním symbolem", "symbol", "rezervac*", "jízdenk*", "letenk*", "letu", "číslo letu",
        "zásilk*", "balík*", "sledování", "doručení", "doručen*", "zákazník*", "zákaznické číslo",
        "zákaznického čísla", "smlouv*", "číslo smlouvy", "pojistk*", "pojistn*", "případ*",
        "spis*", "žádost*", "termín*", "místo", "vůz", "vozu", "sedadl*", "spz", "rodné číslo",
        "ičo", "číslo jednací", "podací číslo", "výdejní kód", "kód zásilky", "číslo zásilky",
      ],
      .phone: [
        "volejte", "zavolejte", "volat", "zavolat", "telefon*", "tel", "mobil*", "infolink*",
        "zákaznická linka", "zákaznické lince", "zákaznické centrum", "klientské centrum",
        "whatsapp", "kontaktujte", "linka", "lince", "na čísle", "na číslo",
      ],
      .money: [
        "zůstatek*", "zůstatku", "částk*", "zaplacen*", "platb*", "stržen*", "odečten*", "připsán*",
        "převod*", "nákup*", "cena", "ceny", "cenu", "celkem", "výběr*", "vybráno", "vrácen*",
        "poplat*", "splátk*", "dobit*", "disponibiln*", "limit*", "dluh*", "k úhradě", "úhrad*",
        "dph", "ve výši", "v hodnotě", "zaúčtován*", "debetní", "kreditní",
      ],
      .account: [
        "kart*", "končící*", "končící na", "s koncovkou", "koncovk*", "účet", "účtu", "účtem",
        "číslo účtu", "bankovní účet", "iban",
      ],
      .address: [
        "psč", "ulice", "ulici", "ul.", "náměstí", "nám.", "patro", "patře", "bytě", "pokoj*",
        "místnost*", "sál", "sále", "nástupiště", "kolej", "brána", "bráně", "gate", "terminál*",
        "vchod*", "adres*", "výdejní místo", "výdejní místě", "výdejn*", "z-box*", "alzabox*",
        "pobočk*", "přepážk*", "ordinac*",
      ],
      .promo: [
        "slevový kód", "slevového kódu", "slevovým kódem", "slevový kupón", "promo kód*", "kupón*",
        "kupon*", "voucher*", "dárkov* poukaz*", "poukaz*", "poukázk*", "sleva", "slevu", "slevy",
        "slevou", "akce", "akční", "zdarma", "výprodej*", "procent",
      ],
      .shortCode: [
        "odpovězte", "odpověz", "pošlete", "zašlete", "odešlete", "stop na", "na číslo", "odhlásit",
        "odhlášení", "ve tvaru",
      ],
      .date: [
        "leden", "ledna", "únor*", "březen", "března", "duben", "dubna", "květen", "května",
        "červen", "června", "červenec", "července", "srpen", "srpna", "září", "říjen", "října",
        "listopad*", "prosinec", "prosince", "úno", "bře", "dub", "kvě", "čvn", "čvc", "srp", "zář",
        "říj", "pondělí", "úterý", "středa", "středu", "čtvrtek", "pátek", "sobota", "sobotu",
        "neděle", "neděli", "dnes", "zítra", "dne", "hod.", "datum",
      ],
    ],
    durationUnits: [
      1: ["sekund*", "sek"],
      60: ["minut*", "min"],
      3600: ["hodin*", "hod", "h"],
      86400: ["den", "dny", "dní", "dnů", "dnu"],
    ],
    expiryTerms: [
      "platí", "platný", "platná", "platné", "je platný", "platnost*", "vyprší", "vyprší za",
      "expiruje", "během", "po dobu", "následujících", "platí do", "platný do",
    ],
    currencyTerms: [
      "kč", "korun*", "haléř*",
    ],
    safetyTerms: [
      "nikomu nesdělujte", "nesdělujte", "nesděluj", "nesdílejte", "nesdílej", "nikomu",
      "nepředávejte", "nepřeposílejte", "nikdy nežádáme", "nikdy nebudeme", "nikdy vás nebudeme",
      "nikdy po vás", "nikdy nechceme", "pokud jste to nebyl*", "pokud jste o kód nežádal*",
      "nežádal*", "podvod*", "podvodník*",
    ])
}
