extension LanguageLexicon {
  /// Hungarian: codes from Hungarian banks, Ügyfélkapu-era services, apps, couriers and carriers,
  /// with their suffixes.
  static let hungarian = LanguageLexicon(
    language: "hu", name: "Hungarian",
    strongCodeTerms: [
      "ellenőrző kód*", "ellenőrzőkód*", "megerősítő kód*", "megerősítőkód*", "biztonsági kód*",
      "egyszer használatos kód*", "egyszeri kód*", "egyszeri jelszó*", "egyszeri jelszav*",
      "egyszer használatos jelszó*", "egyszer használatos jelszav*", "belépési kód*", "belépőkód*",
      "bejelentkezési kód*", "aktiváló kód*", "aktiválási kód*", "aktiválókód*", "azonosító kód*",
      "hitelesítő kód*", "hitelesítési kód*", "jóváhagyó kód*", "jóváhagyási kód*",
      "engedélyező kód*", "sms kód*", "sms-kód*", "sms-ben kapott kód*", "visszaállító kód*",
      "ideiglenes kód*", "ideiglenes jelszó*", "ideiglenes jelszav*", "aláíró kód*",
      "aláírási kód*", "tranzakciós kód*", "tranzakció jóváhagyó kód*", "megerősítő sms*",
      "otp kód*", "otp", "2fa", "2fa kód*",
    ],
    weakCodeTerms: [
      "kód*", "jelszó*", "jelszav*", "pin", "pin-kód*", "pinkód*", "kulcs*", "token*", "megerősít*",
      "erősítsd meg", "erősítse meg", "hitelesít*", "bejelentkez*", "belépés*", "lépj be",
      "lépjen be", "aktivál*", "jóváhagy*", "ellenőrző", "ellenőrzés*",
    ],
    codeLinkers: [
      "a", "az", "ön", "te", "írja be", "írd be", "adja meg", "add meg", "használja", "használd",
    ],
    negativeTerms: [
      .reference: [
        "rendelés*", "megrendelés*", "rendelésszám*", "számla", "számlát", "számlája", "számlaszám",
        "tranzakció*", "hivatkozás*", "referencia*", "foglalás*", "foglalási", "jegy", "jegye*",
        "jegyét", "jegyek*", "repülőjárat*", "járat*", "csomag*", "küldemény*", "nyomkövet*",
        "nyomon követ*", "szállítás*", "kézbesítés*", "ügyfél*", "ügyfélszám*", "ügyfélazonosító*",
        "szerződés*", "szerződésszám*", "kötvény*", "ügyszám*", "ügyiratszám*", "iktatószám*",
        "időpont*", "helyjegy*", "kocsi", "ülőhely*", "rendszám*", "adóazonosító*", "taj",
        "taj-szám*", "átvételi kód*", "csomagkód*", "megrendelésed", "igénylés*",
      ],
      .phone: [
        "hívja*", "hívjon", "hívd", "hívás*", "telefon*", "tel", "mobil*", "ügyfélszolgálat*",
        "zöldszám*", "whatsapp", "ingyenes szám*", "telefonszám*", "elérhetőség*", "keressen*",
        "hívószám*",
      ],
      .money: [
        "egyenleg*", "összeg*", "fizetve", "kifizet*", "fizetés*", "terhelés*", "terhelt*",
        "megterhel*", "levonás*", "levon*", "jóváírás*", "jóváírt*", "átutalás*", "utalás*",
        "vásárlás*", "áron", "összesen", "készpénzfelvét*", "felvét*", "visszatérítés*", "díj*",
        "költség*", "törlesztő*", "részlet*", "feltöltés*", "feltöltött*", "hitelkeret*", "keret*",
        "tartozás*", "áfa", "fizetendő", "befizetés*", "értékben", "összegű", "összegben",
      ],
      .account: [
        "kártya*", "kártyá*", "végződésű", "végű", "számlaszám*", "bankszámla*", "számláj*",
        "számlád*", "számláról", "számlára", "iban",
      ],
      .address: [
        "irányítószám*", "utca", "utcá*", "útja", "útra", "tér", "téren", "körút*", "emelet*",
        "lakás*", "ajtó*", "szoba*", "terem", "teremben", "vágány*", "peron*", "kapu*", "terminál*",
        "bejárat*", "cím", "címre", "címen", "címe", "címünk*", "csomagautomat*", "átvételi pont*",
        "posta*", "pult*", "rendelő*",
      ],
      .promo: [
        "kuponkód*", "kedvezménykód*", "promóciós kód*", "kupon*", "utalvány*", "ajándékkártya*",
        "ajándékutalvány*", "voucher*", "kedvezmény*", "akció*", "leárazás*", "ingyen*",
        "százalék*", "kedvezményes",
      ],
      .shortCode: [
        "válaszolj*", "válaszoljon", "küldje*", "küldd", "küldj", "küldjön", "stop szöveg*",
        "a számra", "számra", "leiratkoz*",
      ],
      .date: [
        "január*", "február*", "március*", "április*", "május*", "június*", "július*", "augusztus*",
        "szeptember*", "október*", "november*", "december*", "jan", "febr", "márc", "ápr", "máj",
        "jún", "júl", "aug", "szept", "okt", "nov", "dec", "hétfő*", "kedd*", "szerda*", "szerdá*",
        "csütörtök*", "péntek*", "szombat*", "vasárnap*", "holnap*", "órakor", "dátum*", "napján",
        "napjáig",
      ],
    ],
    durationUnits: [
      1: ["másodperc*", "mp"],
      60: ["perc*"],
      3600: ["óra", "órá*", "óráig", "órán"],
      86400: ["nap", "napi*", "napig", "napon", "napra", "napot"],
    ],
    expiryTerms: [
      "érvényes*", "érvényességi", "lejár*", "belül", "percig", "óráig", "ideig",
      "érvényességi ideje", "napig",
    ],
    currencyTerms: [
      "ft", "forint*", "ft-ot", "ft-tal",
    ],
    safetyTerms: [
      "ne add ki", "ne adja ki", "senkinek", "senkivel", "soha ne", "soha nem kérjük",
      "soha nem kér*", "soha nem fogjuk", "ne ossza meg", "ne oszd meg", "ne közölje",
      "ne továbbítsa", "csalás*", "csaló*", "ha nem ön", "ha nem te", "ha nem ön kezdeményezte",
    ])
}
