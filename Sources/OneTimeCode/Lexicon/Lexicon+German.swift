extension LanguageLexicon {
  /// German: codes and TANs from banks, apps, parcel services and authorities in Germany, Austria
  /// and Switzerland.
  static let german = LanguageLexicon(
    language: "de", name: "German",
    strongCodeTerms: [
      "bestätigungscode*", "bestätigungs-code*", "verifizierungscode*", "verifizierungs-code*",
      "verifikationscode*", "sicherheitscode*", "sicherheits-code*", "einmalcode*", "einmal-code*",
      "einmalpasswort*", "einmal-passwort*", "einmalkennwort*", "einmal-kennwort*", "anmeldecode*",
      "anmelde-code*", "login-code*", "logincode*", "zugangscode*", "zugangs-code*",
      "aktivierungscode*", "aktivierungs-code*", "authentifizierungscode*",
      "authentifizierungs-code*", "authentisierungscode*", "autorisierungscode*", "freigabecode*",
      "freigabe-code*", "prüfcode*", "kontrollcode*", "registrierungscode*",
      "wiederherstellungscode*", "entsperrcode*", "identifikationscode*", "sms-code*", "smscode*",
      "sms-tan*", "smstan*", "mobiletan*", "mobile-tan*", "mtan*", "m-tan*", "pushtan*",
      "push-tan*", "tan", "tans", "transaktionsnummer*", "bestätigungs-pin*", "bestätigungspin*",
      "sicherheits-pin*", "einmal-pin*", "einmalpin*", "temporärer code", "temporäres passwort",
      "code zur bestätigung", "code zur anmeldung", "code für die anmeldung",
      "code zur verifizierung", "otp", "otp-code*", "2fa-code*", "2fa", "zwei-faktor-code*",
    ],
    weakCodeTerms: [
      "code", "codes", "pin", "pin-code*", "pincode*", "passwort", "kennwort", "schlüssel", "token",
      "kennung", "bestätigen", "bestätige", "verifizieren", "verifiziere", "anmelden", "anzumelden",
      "einloggen", "einzuloggen", "freigeben", "freigabe", "authentifizieren",
      "authentifizierung", "aktivieren", "autorisieren", "autorisierung",
    ],
    codeLinkers: [
      "ist", "lautet", "lauten", "dein", "deine", "ihr", "ihre", "ist dein", "ist ihr", "lautet:",
      "gib", "geben sie", "eingeben", "verwende", "verwenden sie", "nutze", "nutzen sie", "mit",
    ],
    negativeTerms: [
      .reference: [
        "bestellung*", "bestellnummer*", "bestell-nr", "auftrag*", "auftragsnummer*", "rechnung*",
        "rechnungsnummer*", "rechnungs-nr", "transaktion*", "referenz*", "referenznummer*",
        "verwendungszweck", "buchung*", "buchungsnummer*", "buchungscode*", "reservierung*",
        "ticket*", "fahrkarte*", "flug", "flugnummer*", "sendung*", "sendungsnummer*",
        "sendungsverfolgung", "paket*", "paketnummer*", "lieferung*", "tracking*", "kundennummer*",
        "kunden-nr", "kundennr", "vertrag*", "vertragsnummer*", "versicherungsnummer*",
        "aktenzeichen", "vorgang*", "vorgangsnummer*", "fallnummer*", "antrag*", "termin*", "wagen",
        "platz", "sitzplatz", "reihe", "kennzeichen", "steuernummer*", "steuer-id",
        "mitgliedsnummer*", "abholnummer*", "filiale", "gutschein-nr", "zählernummer*",
      ],
      .phone: [
        "anrufen", "ruf", "rufen sie", "rufe", "anruf", "telefon*", "tel", "handy*", "mobilnummer*",
        "rufnummer*", "whatsapp", "hotline", "kundenservice", "kundendienst", "kundenhotline",
        "servicenummer*", "service-nummer*", "erreichbar", "unter der nummer", "kostenlos unter",
        "fax", "wählen sie", "kontaktieren",
      ],
      .money: [
        "kontostand", "saldo", "betrag", "beträge", "bezahlt", "zahlung*", "abbuchung*",
        "abgebucht", "lastschrift*", "belastet", "belastung*", "gutschrift*", "gutgeschrieben",
        "überweisung*", "überwiesen", "einkauf", "kauf", "preis*", "summe", "gesamt*",
        "gesamtbetrag", "abhebung*", "abgehoben", "umsatz", "umsätze", "rate", "gebühr*", "kosten",
        "erstattung*", "erstattet", "aufladung*", "guthaben", "verfügbar", "limit", "rabatt",
        "mwst", "ust", "offener betrag", "fällig", "in höhe von",
      ],
      .account: [
        "karte", "kreditkarte*", "debitkarte*", "girocard", "karte endend auf", "endend auf",
        "endet auf", "endet mit", "endziffern", "konto", "kontonummer*", "konto-nr", "iban", "bic",
        "depot",
      ],
      .address: [
        "postleitzahl", "plz", "straße", "str", "strasse", "platz", "allee", "gasse", "hausnummer",
        "etage", "stockwerk", "wohnung", "zimmer", "raum", "gleis", "bahnsteig", "gate", "terminal",
        "tor", "eingang", "adresse", "anschrift", "packstation", "postfiliale", "schalter", "fach",
      ],
      .promo: [
        "gutschein*", "gutscheincode*", "rabattcode*", "aktionscode*", "promocode*", "promo-code*",
        "coupon*", "rabatt", "angebot*", "aktion", "geschenkkarte*", "geschenkgutschein*",
        "prozent", "gratis", "kostenlos", "sparen", "spare",
      ],
      .shortCode: [
        "antworte", "antworten sie", "sende", "senden sie", "schicke", "schicken sie", "stop an",
        "abmelden", "abbestellen", "an die", "per sms an",
      ],
      .date: [
        "januar", "jänner", "februar", "feber", "märz", "april", "mai", "juni", "juli", "august",
        "september", "oktober", "november", "dezember", "jan", "feb", "mär", "apr", "jun", "jul",
        "aug", "sep", "sept", "okt", "nov", "dez", "montag", "dienstag", "mittwoch", "donnerstag",
        "freitag", "samstag", "sonnabend", "sonntag", "heute", "morgen", "um", "am", "uhr", "datum",
        "ab dem", "bis zum", "seit",
      ],
    ],
    durationUnits: [
      1: ["sekunde", "sekunden", "sek", "sec"],
      60: ["minute", "minuten", "min", "min."],
      3600: ["stunde", "stunden", "std", "h"],
      86400: ["tag", "tage", "tagen", "tages"],
    ],
    expiryTerms: [
      "gültig für", "gültig", "ist gültig", "gilt für", "gilt", "läuft ab", "läuft in", "verfällt",
      "verfällt in", "verfällt nach", "gültig bis", "innerhalb von", "innerhalb", "in den nächsten",
      "für die nächsten", "nur für", "ablauf", "gültigkeit",
    ],
    currencyTerms: [
      "euro*", "cent", "franken", "rappen", "chf",
    ],
    safetyTerms: [
      "niemals weiter", "nicht weitergeben", "gib ihn nicht weiter", "gib den code nicht weiter",
      "geben sie ihn nicht weiter", "geben sie den code nicht weiter", "niemandem",
      "teile ihn mit niemandem", "teilen sie ihn mit niemandem", "nicht teilen", "niemals teilen",
      "teile diesen code", "werden sie niemals", "werden dich niemals", "fragen niemals",
      "niemals nach", "wir fragen nie", "nie nach", "geheim halten", "nicht an dritte",
      "wenn sie das nicht waren", "falls du das nicht warst", "nicht angefordert", "betrug",
      "betrüger",
    ])
}
