extension LanguageLexicon {
  /// Norwegian Bokmål: codes from Norwegian banks, BankID-adjacent services, Vipps-era apps, Posten
  /// and authorities.
  static let norwegian = LanguageLexicon(
    language: "nb", name: "Norwegian Bokmål",
    strongCodeTerms: [
      "verifiseringskode*", "verifikasjonskode*", "bekreftelseskode*", "sikkerhetskode*",
      "engangskode*", "engangspassord*", "innloggingskode*", "påloggingskode*", "aktiveringskode*",
      "autentiseringskode*", "godkjenningskode*", "tilgangskode*", "identifikasjonskode*",
      "kontrollkode*", "sms-kode*", "smskode*", "gjenopprettingskode*", "opplåsingskode*",
      "midlertidig kode", "midlertidig passord", "engangs-pin*", "otp-kode*", "2fa-kode*", "otp",
      "2fa",
    ],
    weakCodeTerms: [
      "kode", "koden", "koder", "kodene", "pin", "pinkode*", "pin-kode*", "passord*", "nøkkel*",
      "token", "bekreft*", "verifiser*", "logg inn", "logge inn", "logger inn", "aktiver",
      "aktivere", "autentiser*", "valider", "validere", "godkjenn*",
    ],
    codeLinkers: [
      "er", "blir", "din", "ditt", "deres", "er din", "er:", "skriv inn", "tast inn", "bruk",
      "oppgi",
    ],
    negativeTerms: [
      .reference: [
        "ordre", "ordren", "ordrenummer*", "ordrenr", "bestilling*", "bestillingsnummer*",
        "faktura*", "fakturanummer*", "transaksjon*", "referanse*", "referansenummer*", "kid",
        "kid-nummer*", "booking*", "bookingnummer*", "reservasjon*", "billett*", "fly", "flyet",
        "flynummer*", "avgang", "sending*", "sendingsnummer*", "pakke*", "sporing*",
        "sporingsnummer*", "levering*", "kundenummer*", "kundenr", "avtale*", "avtalenummer*",
        "sak", "saken", "saksnummer*", "polise*", "polisenummer*", "time hos", "plass", "sete",
        "vogn", "rad", "registreringsnummer*", "fødselsnummer*", "organisasjonsnummer*",
        "medlemsnummer*", "hentekode*", "henteskode*",
      ],
      .phone: [
        "ring", "ringe", "ringer", "telefon*", "tlf", "tel", "mobil*", "mobilnummer*",
        "telefonnummer*", "whatsapp", "kundeservice", "kundesenter", "support", "sentralbord",
        "kontakt", "kontakt oss", "fax", "faks",
      ],
      .money: [
        "saldo", "saldoen", "beløp*", "betalt", "betaling*", "trukket", "belastet", "innskudd",
        "innbetaling*", "overføring*", "overført", "vipps", "kjøp", "kjøpet", "pris*", "sum",
        "summen", "total*", "totalt", "uttak*", "utbetaling*", "tilbakebetaling*", "refusjon*",
        "gebyr*", "kostnad*", "avgift*", "husleie", "termin", "ladet", "påfyll*", "tilgjengelig*",
        "kreditt*", "disponibelt", "rabatt*", "mva", "å betale", "forfall*", "gjeld", "beløpet",
      ],
      .account: [
        "kort", "kortet", "kortnummer*", "som slutter på", "slutter på", "ender på", "konto",
        "kontoen", "kontonummer*", "kontonr", "iban",
      ],
      .address: [
        "postnummer*", "postnr", "gate", "gata", "gaten", "vei", "veien", "vegen", "allé", "plass",
        "torg", "etasje", "leilighet*", "rom", "rommet", "sal", "spor", "perrong*", "terminal",
        "inngang*", "port", "adresse*", "hentested*", "pakkeboks*", "postkontor*", "post i butikk",
        "skranke*",
      ],
      .promo: [
        "rabattkode*", "kampanjekode*", "tilbud*", "kupong*", "gavekort*", "verdikode*", "voucher*",
        "rabatt*", "salg", "prosent", "gratis", "kampanje*", "med koden",
      ],
      .shortCode: [
        "svar", "send", "stopp til", "stop til", "meld av", "avmeld*", "reservasjon mot",
        "til nummer",
      ],
      .date: [
        "januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september",
        "oktober", "november", "desember", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "okt", "nov", "des", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag",
        "søndag", "i dag", "i morgen", "kl", "klokken", "dato", "senest",
      ],
    ],
    durationUnits: [
      1: ["sekund", "sekunder", "sek"],
      60: ["minutt", "minutter", "min"],
      3600: ["time", "timer", "t"],
      86400: ["dag", "dager", "døgn"],
    ],
    expiryTerms: [
      "gyldig", "gyldig i", "gjelder i", "gjelder", "er gyldig", "gyldig til", "utløper",
      "utløper om", "utløper etter", "innen", "de neste", "gyldighet",
    ],
    currencyTerms: [
      "kr", "kroner", "krone", "øre",
    ],
    safetyTerms: [
      "del aldri", "ikke del", "del ikke", "gi aldri", "ikke gi", "oppgi aldri", "ikke oppgi",
      "med noen", "til noen", "vil aldri", "ber aldri", "spør aldri", "ringer aldri",
      "hvis det ikke var deg", "ikke deg", "svindel", "svindlere",
    ])
}
