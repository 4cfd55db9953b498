extension LanguageLexicon {
  /// Danish: codes from Danish banks, MitID-adjacent services, apps, PostNord, GLS and authorities.
  static let danish = LanguageLexicon(
    language: "da", name: "Danish",
    strongCodeTerms: [
      "verifikationskode*", "bekræftelseskode*", "sikkerhedskode*", "engangskode*",
      "engangsadgangskode*", "engangs-kode*", "loginkode*", "login-kode*", "log ind-kode*",
      "aktiveringskode*", "adgangskode til", "godkendelseskode*", "autentificeringskode*",
      "identifikationskode*", "kontrolkode*", "sms-kode*", "smskode*", "nøglekode*",
      "gendannelseskode*", "oplåsningskode*", "midlertidig kode", "midlertidig adgangskode",
      "engangs-pin*", "otp-kode*", "2fa-kode*", "otp", "2fa",
    ],
    weakCodeTerms: [
      "kode", "koden", "koder", "koderne", "pin", "pinkode*", "pin-kode*", "adgangskode*",
      "password", "nøgle*", "token", "bekræft*", "verificer*", "godkend", "godkende", "godkendes",
      "log ind", "logge ind", "logger ind", "aktiver", "aktivere", "autentificer*", "valider",
      "validere",
    ],
    codeLinkers: [
      "er", "bliver", "din", "dit", "jeres", "er din", "er:", "indtast", "angiv", "brug", "tast",
    ],
    negativeTerms: [
      .reference: [
        "ordre", "ordren", "ordrenummer*", "ordrenr", "bestilling*", "bestillingsnummer*",
        "faktura*", "fakturanummer*", "transaktion*", "reference*", "referencenummer*", "booking*",
        "bookingnummer*", "reservation*", "billet*", "fly", "flyet", "flynummer*", "afgang",
        "forsendelse*", "pakke*", "pakkenummer*", "sporing*", "sporingsnummer*", "track",
        "levering*", "kundenummer*", "kundenr", "aftale*", "aftalenummer*", "sag", "sagen",
        "sagsnummer*", "police*", "policenummer*", "tid hos", "plads", "vogn", "række",
        "registreringsnummer*", "cpr", "cpr-nummer*", "cvr", "medlemsnummer*", "afhentningskode*",
      ],
      .phone: [
        "ring", "ringe", "ringer", "telefon*", "tlf", "tel", "mobil*", "mobilnummer*",
        "telefonnummer*", "whatsapp", "kundeservice", "kundecenter", "support", "hotline",
        "kontakt", "kontakt os", "fax",
      ],
      .money: [
        "saldo", "saldoen", "beløb*", "betalt", "betaling*", "trukket", "hævet", "hævning*",
        "indsat", "indbetaling*", "overførsel*", "overført", "mobilepay", "køb", "købet", "pris*",
        "sum", "total*", "i alt", "udbetaling*", "tilbagebetaling*", "refusion", "gebyr*",
        "omkostning*", "afgift*", "husleje", "rate", "opladet", "optanket", "tilgængelig*",
        "kredit*", "rådighedsbeløb*", "rabat*", "moms", "at betale", "forfald*", "gæld",
      ],
      .account: [
        "kort", "kortet", "kortnummer*", "der ender på", "ender på", "slutter med", "konto",
        "kontoen", "kontonummer*", "reg.nr", "registreringsnummer", "iban",
      ],
      .address: [
        "postnummer*", "postnr", "gade", "gaden", "vej", "vejen", "allé", "plads", "torv", "sal",
        "etage", "lejlighed*", "værelse*", "lokale*", "spor", "perron*", "gate", "terminal",
        "indgang*", "port", "adresse*", "pakkeshop*", "pakkeboks*", "udleveringssted*", "skranke*",
      ],
      .promo: [
        "rabatkode*", "kampagnekode*", "tilbud*", "kupon*", "gavekort*", "voucher*", "rabat*",
        "udsalg*", "procent", "gratis", "kampagne*", "med koden",
      ],
      .shortCode: [
        "svar", "send", "stop til", "afmeld", "framelding", "til nummer",
      ],
      .date: [
        "januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september",
        "oktober", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "okt", "nov", "dec", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag",
        "søndag", "i dag", "i morgen", "kl", "klokken", "dato", "senest",
      ],
    ],
    durationUnits: [
      1: ["sekund", "sekunder", "sek"],
      60: ["minut", "minutter", "min"],
      3600: ["time", "timer", "t"],
      86400: ["dag", "dage", "døgn"],
    ],
    expiryTerms: [
      "gyldig", "gyldig i", "gælder i", "gælder", "er gyldig", "gyldig til", "udløber",
      "udløber om", "udløber efter", "inden for", "indenfor", "de næste", "gyldighed",
    ],
    currencyTerms: [
      "kr", "kroner", "krone", "dkk", "øre",
    ],
    safetyTerms: [
      "del aldrig", "del ikke", "giv aldrig", "giv ikke", "videregiv aldrig", "videregiv ikke",
      "oplys aldrig", "med nogen", "til nogen", "vil aldrig", "beder aldrig", "spørger aldrig",
      "ringer aldrig", "hvis det ikke var dig", "ikke dig", "svindel", "svindlere",
    ])
}
