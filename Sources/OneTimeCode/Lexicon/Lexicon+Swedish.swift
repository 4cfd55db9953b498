extension LanguageLexicon {
  /// Swedish: codes from Swedish banks, BankID-adjacent services, apps, PostNord and authorities.
  static let swedish = LanguageLexicon(
    language: "sv", name: "Swedish",
    strongCodeTerms: [
      "verifieringskod*", "verifikationskod*", "bekräftelsekod*", "säkerhetskod*", "engångskod*",
      "engångslösenord*", "inloggningskod*", "aktiveringskod*", "autentiseringskod*",
      "behörighetskod*", "godkännandekod*", "åtkomstkod*", "identifieringskod*", "kontrollkod*",
      "sms-kod*", "smskod*", "återställningskod*", "upplåsningskod*", "tillfällig kod",
      "tillfälligt lösenord", "engångs-pin*", "engångspin*", "otp-kod*", "2fa-kod*", "otp", "2fa",
    ],
    weakCodeTerms: [
      "kod", "koden", "koder", "koderna", "pin", "pinkod*", "pin-kod*", "lösenord*", "nyckel*",
      "token", "verifiera*", "bekräfta*", "logga in", "loggar in", "aktivera*", "autentisera*",
      "validera*", "godkänn*", "identifiera*",
    ],
    codeLinkers: [
      "är", "blir", "din", "ditt", "er", "ert", "är din", "är:", "ange", "använd", "skriv in",
    ],
    negativeTerms: [
      .reference: [
        "order", "ordern", "ordernummer*", "ordernr", "beställning*", "beställningsnummer*",
        "faktura*", "fakturanummer*", "transaktion*", "referens*", "referensnummer*", "ocr",
        "ocr-nummer*", "bokning*", "bokningsnummer*", "bokningsreferens*", "reservation*",
        "biljett*", "flyg", "flygnummer*", "flight", "försändelse*", "sändning*",
        "sändningsnummer*", "kolli*", "paket*", "spårning*", "spårningsnummer*", "kolli-id",
        "leverans*", "kundnummer*", "kundnr", "avtal*", "avtalsnummer*", "ärende*", "ärendenummer*",
        "försäkringsnummer*", "besök*", "tid hos", "plats", "vagn", "rad", "registreringsnummer*",
        "personnummer*", "organisationsnummer*", "medlemsnummer*", "utlämningskod*",
        "hämtningskod*",
      ],
      .phone: [
        "ring", "ringa", "ringer", "telefon*", "tel", "mobil*", "mobilnummer*", "telefonnummer*",
        "whatsapp", "kundtjänst", "kundservice", "support", "kontakta", "kontakta oss", "växel",
        "växeln", "fax", "nå oss",
      ],
      .money: [
        "saldo", "saldot", "belopp*", "betalt", "betalning*", "betalat", "dragning*", "dragits",
        "debitering*", "debiterat*", "insättning*", "insatt", "överföring*", "swish", "köp",
        "köpet", "pris*", "summa", "totalt", "total*", "uttag*", "utbetalning*", "återbetalning*",
        "avgift*", "kostnad*", "premie*", "hyra", "hyran", "laddat", "påfyllning*", "tillgängligt",
        "kredit*", "limit*", "rabatt*", "moms", "att betala", "förfallodag*", "skuld*",
      ],
      .account: [
        "kort", "kortet", "kortnummer*", "slutar på", "som slutar på", "slutsiffror*", "konto",
        "kontot", "kontonummer*", "clearingnummer*", "iban", "bankgiro*", "plusgiro*",
      ],
      .address: [
        "postnummer*", "gatan", "gata", "vägen", "väg", "torget", "gränd", "våning*", "trappa",
        "trappor", "lägenhet*", "lgh", "rum", "rummet", "sal", "spår", "perrong*", "gate",
        "terminal", "ingång*", "port", "porten", "adress*", "utlämningsställe*", "ombud",
        "paketombud", "box", "skåp", "fack",
      ],
      .promo: [
        "rabattkod*", "kampanjkod*", "erbjudande*", "kupong*", "presentkort*", "värdebevis*",
        "voucher*", "rabatt*", "rea", "procent", "gratis", "kampanj*", "med koden",
      ],
      .shortCode: [
        "svara", "skicka", "sms:a", "smsa", "stopp till", "stop till", "avregistrera", "avsluta",
        "till nummer",
      ],
      .date: [
        "januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september",
        "oktober", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "okt", "nov", "dec", "måndag*", "tisdag*", "onsdag*", "torsdag*", "fredag*",
        "lördag*", "söndag*", "idag", "i dag", "imorgon", "i morgon", "kl", "klockan", "datum",
        "senast",
      ],
    ],
    durationUnits: [
      1: ["sekund", "sekunder", "sekunderna", "sek"],
      60: ["minut", "minuter", "minuterna", "min"],
      3600: ["timme", "timmar", "timmen", "tim", "h"],
      86400: ["dag", "dagar", "dygn"],
    ],
    expiryTerms: [
      "giltig", "giltig i", "gäller i", "gäller", "är giltig", "giltig till", "gäller till",
      "går ut", "löper ut", "upphör", "inom", "under", "de närmaste", "giltighetstid",
    ],
    currencyTerms: [
      "kr", "kronor", "krona", "öre",
    ],
    safetyTerms: [
      "dela aldrig", "dela inte", "lämna aldrig ut", "lämna inte ut", "uppge aldrig", "uppge inte",
      "ge aldrig", "ge inte", "visa inte", "med någon", "till någon", "kommer aldrig att",
      "ber aldrig", "frågar aldrig", "ringer aldrig", "aldrig be dig", "om det inte var du",
      "inte du som", "bedrägeri*", "bedragare",
    ])
}
