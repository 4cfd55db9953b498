extension LanguageLexicon {
  /// Finnish: codes from Finnish banks, Suomi.fi-era services, apps, Posti and Matkahuolto, in all
  /// their cases.
  static let finnish = LanguageLexicon(
    language: "fi", name: "Finnish",
    strongCodeTerms: [
      "vahvistuskoodi*", "vahvistuskood*", "varmennuskoodi*", "varmennuskood*", "varmistuskoodi*",
      "varmistuskood*", "tunnistuskoodi*", "tunnistautumiskoodi*", "turvakoodi*", "turvakood*",
      "kertakäyttökoodi*", "kertakäyttökood*", "kertakoodi*", "kertakood*",
      "kertakäyttöinen koodi*", "kertakäyttöisen koodi*", "kertakäyttösalasana*", "kertasalasana*",
      "kertakäyttöinen salasana*", "kirjautumiskoodi*", "kirjautumiskood*",
      "sisäänkirjautumiskoodi*", "aktivointikoodi*", "aktivointikood*", "aktivoimiskoodi*",
      "todennuskoodi*", "todennuskood*", "hyväksymiskoodi*", "hyväksyntäkoodi*", "tarkistuskoodi*",
      "tarkistuskood*", "pääsykoodi*", "pääsykood*", "tekstiviestikoodi*", "tekstiviestikood*",
      "sms-koodi*", "sms-kood*", "tekstiviestivarmenne*", "palautuskoodi*", "väliaikainen koodi*",
      "väliaikaisen koodi*", "väliaikainen salasana*", "otp-koodi*", "2fa-koodi*", "otp", "2fa",
    ],
    weakCodeTerms: [
      "koodi*", "kood*", "pin", "pin-koodi*", "pin-kood*", "tunnusluku*", "tunnusluvu*",
      "salasana*", "avain*", "avaime*", "tunniste*", "vahvista*", "varmenna*", "kirjaudu*",
      "kirjautu*", "tunnistaudu*", "tunnistautu*", "aktivoi*", "todenna*", "hyväksy", "hyväksyä",
      "hyväksyäksesi",
    ],
    codeLinkers: [
      "on", "ovat", "sinun", "teidän", "on:", "syötä", "anna", "käytä", "kirjoita",
    ],
    negativeTerms: [
      .reference: [
        "tilaus*", "tilauksen*", "tilauksesi", "tilausnumero*", "lasku*", "laskun*",
        "maksutapahtum*", "tapahtum*", "viite", "viitteen*", "viitenumero*", "viitteellä",
        "varaus*", "varauksen*", "varausnumero*", "varaustunnus*", "lippu*", "lipun*", "lento",
        "lennon*", "lentonumero*", "lähetys*", "lähetyksen*", "lähetystunnus*", "paketti*",
        "paketin*", "seuranta*", "seurantakoodi*", "seurantanumero*", "toimitus*", "toimituksen*",
        "asiakasnumero*", "asiakas*", "sopimus*", "sopimuksen*", "sopimusnumero*", "vakuutus*",
        "vakuutusnumero*", "ajanvaraus*", "ajanvarauksen*", "paikka", "paikan*", "vaunu*", "rivi",
        "rekisterinumero*", "rekisteritunnus*", "henkilötunnus*", "hetu", "y-tunnus*",
        "jäsennumero*", "noutokoodi*", "noutotunnus*", "diaarinumero*", "hakemus*",
      ],
      .phone: [
        "soita", "soitta*", "soittamalla", "puhelin*", "puh", "puhelinnumero*", "matkapuhelin*",
        "whatsapp", "asiakaspalvelu*", "palvelunumero*", "ota yhteyttä", "yhteyttä", "tavoitat",
        "tavoittaa", "asiakastuki*",
      ],
      .money: [
        "saldo*", "summa*", "määrä", "määrän", "määrällä", "maksettu", "maksu*", "veloitettu",
        "veloitus*", "veloitamme", "hyvitetty", "hyvitys*", "tilisiirto*", "siirto*", "siirretty",
        "osto*", "hinta", "hinnan*", "hintaan", "yhteensä", "nosto*", "nostettu", "palautettu",
        "kulu*", "maksettava*", "eräpäivä*", "erä", "lyhennys*", "lataus*", "ladattu",
        "käytettävissä", "luotto*", "luottoraja*", "alv", "korko*", "mobilepay", "veloitetaan",
        "laskutetaan",
      ],
      .account: [
        "kortti*", "korttisi", "kortin*", "kortilla", "kortille", "päättyy", "joka päättyy",
        "päättyvä*", "loppuosa", "tili", "tilin*", "tilille*", "tililtä*", "tilisi", "tilinumero*",
        "iban",
      ],
      .address: [
        "postinumero*", "katu", "kadulla", "tie", "tien", "kuja", "polku", "kerros*", "asunto*",
        "huone*", "sali", "salissa", "raide", "raiteelta", "laituri*", "portti*", "portilta",
        "terminaali*", "sisäänkäynti*", "osoite*", "osoitteessa", "osoitteeseen", "noutopiste*",
        "pakettiautomaatti*", "automaatti*", "toimipiste*", "lokero*",
      ],
      .promo: [
        "alennuskoodi*", "kampanjakoodi*", "etukoodi*", "tarjous*", "tarjouksen*", "kuponki*",
        "kupongi*", "lahjakortti*", "lahjakorti*", "alennus*", "alennukse*", "ale", "prosent*",
        "ilmainen", "ilmaiseksi", "kampanja*",
      ],
      .shortCode: [
        "vastaa", "lähetä", "tekstaa", "stop numeroon", "numeroon", "peruuta", "lopeta",
        "tekstiviestillä numeroon",
      ],
      .date: [
        "tammikuu*", "helmikuu*", "maaliskuu*", "huhtikuu*", "toukokuu*", "kesäkuu*", "heinäkuu*",
        "elokuu*", "syyskuu*", "lokakuu*", "marraskuu*", "joulukuu*", "tammik", "helmik", "maalisk",
        "huhtik", "toukok", "kesäk", "heinäk", "elok", "syysk", "lokak", "marrask", "jouluk",
        "maanantai*", "tiistai*", "keskiviikko*", "torstai*", "perjantai*", "lauantai*",
        "sunnuntai*", "tänään", "huomenna", "klo", "kello", "päivämäärä*", "pvm", "alkaen",
        "mennessä",
      ],
    ],
    durationUnits: [
      1: ["sekunti*", "sekunni*", "sek"],
      60: ["minuutti*", "minuuti*", "min"],
      3600: ["tunti*", "tunni*", "h"],
      86400: ["päivä*", "päivää", "vrk", "vuorokau*"],
    ],
    expiryTerms: [
      "voimassa", "on voimassa", "voimassaoloaika", "vanhenee", "vanhentuu", "umpeutuu", "erääntyy",
      "kuluessa", "sisällä", "seuraavan", "seuraavien", "ajan",
    ],
    currencyTerms: [
      "euro*", "snt", "sentti*",
    ],
    safetyTerms: [
      "älä kerro", "älä jaa", "älä anna", "älä luovuta", "älä näytä", "kenellekään", "kenenkään",
      "emme koskaan kysy", "emme koskaan pyydä", "emme kysy", "ei koskaan kysy", "ei koskaan pyydä",
      "jos et itse", "jos et tilannut", "jos et pyytänyt", "huijaus*", "huijari*", "huijaa*",
    ])
}
