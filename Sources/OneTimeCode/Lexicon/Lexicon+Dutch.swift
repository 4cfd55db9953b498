extension LanguageLexicon {
  /// Dutch: codes from banks, DigiD, apps and parcel services in the Netherlands and Flanders.
  static let dutch = LanguageLexicon(
    language: "nl", name: "Dutch",
    strongCodeTerms: [
      "verificatiecode*", "verificatie-code*", "beveiligingscode*", "beveiligings-code*",
      "bevestigingscode*", "bevestigings-code*", "inlogcode*", "inlog-code*", "logincode*",
      "login-code*", "toegangscode*", "activatiecode*", "activeringscode*", "authenticatiecode*",
      "authorisatiecode*", "autorisatiecode*", "eenmalige code", "eenmalige inlogcode",
      "eenmalig wachtwoord", "eenmalige pincode", "controlecode*", "sms-code*", "smscode*",
      "digid-code*", "herstelcode*", "ontgrendelcode*", "identificatiecode*", "goedkeuringscode*",
      "ondertekeningscode*", "signeercode*", "tijdelijke code", "tijdelijk wachtwoord",
      "tijdelijke pincode", "2fa-code*", "otp-code*", "otp", "2fa", "tan", "tan-code*",
    ],
    weakCodeTerms: [
      "code", "codes", "pin", "pincode*", "wachtwoord*", "sleutel", "token", "passcode",
      "bevestig*", "verifiëren", "verifieer", "inloggen", "aanmelden", "activeren", "activeer",
      "valideren", "authenticeren", "autoriseren", "goedkeuren", "goedkeuring",
    ],
    codeLinkers: [
      "is", "luidt", "jouw", "je", "uw", "is je", "is jouw", "is uw", "voer", "vul", "gebruik",
      "gebruikt", "typ",
    ],
    negativeTerms: [
      .reference: [
        "bestelling*", "bestelnummer*", "order", "ordernummer*", "factuur", "facturen",
        "factuurnummer*", "transactie*", "referentie*", "kenmerk", "betalingskenmerk", "boeking*",
        "boekingsnummer*", "reservering*", "reserveringsnummer*", "ticket*", "kaartje*", "vlucht*",
        "vluchtnummer*", "zending*", "track", "trace", "track & trace", "track&trace", "pakket*",
        "pakketnummer*", "levering*", "bezorging*", "klantnummer*", "dossiernummer*", "dossier",
        "zaaknummer*", "contract*", "contractnummer*", "polis*", "polisnummer*", "afspraak",
        "stoel", "rij", "kenteken", "bsn", "burgerservicenummer", "aanvraag", "aanvraagnummer*",
        "lidnummer*", "verzendnummer*", "ophaalnummer*",
      ],
      .phone: [
        "bel", "bellen", "belt", "telefoon*", "tel", "mobiel", "mobiele nummer", "whatsapp",
        "klantenservice", "servicedesk", "helpdesk", "klantendienst", "gratis nummer", "bereikbaar",
        "op nummer", "neem contact", "contact", "fax",
      ],
      .money: [
        "saldo", "bedrag", "betaald", "betaling*", "afgeschreven", "afschrijving*", "bijgeschreven",
        "bijschrijving*", "overboeking*", "overgemaakt", "incasso", "aankoop", "prijs", "totaal",
        "opname", "opgenomen", "geld", "kosten", "terugbetaling", "teruggestort", "restitutie",
        "termijn", "premie", "limiet", "beschikbaar", "korting", "btw", "tikkie", "ideal",
        "openstaand", "te betalen", "opgewaardeerd", "tegoed",
      ],
      .account: [
        "kaart", "betaalpas", "creditcard", "eindigend op", "eindigt op", "eindigend met",
        "rekening", "rekeningnummer*", "iban", "bic",
      ],
      .address: [
        "postcode", "straat", "laan", "plein", "gracht", "kade", "huisnummer", "verdieping",
        "etage", "kamer", "zaal", "spoor", "perron", "gate", "terminal", "ingang", "adres",
        "afhaalpunt", "pakketpunt", "locker", "balie", "loket",
      ],
      .promo: [
        "kortingscode*", "actiecode*", "promocode*", "coupon*", "voucher*", "cadeaukaart*",
        "cadeaubon*", "waardebon*", "tegoedbon*", "giftcard*", "actie", "aanbieding*",
        "korting van", "procent", "gratis", "met de code",
      ],
      .shortCode: [
        "stuur", "antwoord", "beantwoord", "reageer", "stop naar", "afmelden", "uitschrijven",
        "naar het nummer",
      ],
      .date: [
        "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september",
        "oktober", "november", "december", "jan", "feb", "mrt", "apr", "jun", "jul", "aug", "sep",
        "sept", "okt", "nov", "dec", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag",
        "zaterdag", "zondag", "vandaag", "morgen", "om", "datum", "uur", "tijdstip", "vanaf", "tot",
      ],
    ],
    durationUnits: [
      1: ["seconde", "seconden", "sec"],
      60: ["minuut", "minuten", "min"],
      3600: ["uur", "uren", "u"],
      86400: ["dag", "dagen"],
    ],
    expiryTerms: [
      "geldig", "geldig voor", "is geldig", "geldig tot", "verloopt", "verloopt over",
      "verloopt na", "vervalt", "vervalt na", "binnen", "gedurende", "de komende", "geldigheid",
    ],
    currencyTerms: [
      "euro*", "eur", "cent",
    ],
    safetyTerms: [
      "deel deze code", "deel de code", "deel hem niet", "deel deze niet", "niet delen",
      "nooit delen", "deel nooit", "deel deze code nooit", "geef deze code", "nooit door",
      "niet door", "met niemand", "aan niemand", "vragen nooit", "zal nooit", "zullen nooit",
      "vragen je nooit", "vragen u nooit", "heb je dit niet aangevraagd", "niet aangevraagd",
      "niet zelf", "fraude", "oplichting", "oplichters",
    ])
}
