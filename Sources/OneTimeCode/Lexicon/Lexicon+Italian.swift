extension LanguageLexicon {
  /// Italian: codes from Italian banks, Poste, SPID providers, apps and couriers.
  static let italian = LanguageLexicon(
    language: "it", name: "Italian",
    strongCodeTerms: [
      "codice di verifica", "codice di sicurezza", "codice di conferma", "codice di accesso",
      "codice d'accesso", "codice d’accesso", "codice di attivazione", "codice di autenticazione",
      "codice di autorizzazione", "codice di validazione", "codice monouso", "codice usa e getta",
      "codice temporaneo", "codice una tantum", "codice otp", "codice sms", "codice via sms",
      "codice 2fa", "codice di login", "codice di sblocco", "codice di recupero",
      "codice di identificazione", "codice dispositivo", "codice di firma", "codice di controllo",
      "codice segreto", "codice spid", "codice unico", "password monouso", "password temporanea",
      "password usa e getta", "password una tantum", "password otp", "password dispositiva",
      "pin di sicurezza", "pin monouso", "pin temporaneo", "chiave di sicurezza",
      "chiave di accesso", "token di sicurezza", "otp", "2fa",
    ],
    weakCodeTerms: [
      "codice", "codici", "cod", "pin", "password", "chiave", "token", "passcode", "code",
      "accedere", "accedi", "accesso", "confermare", "conferma", "confermi", "verificare",
      "verifica", "convalidare", "convalida", "autenticare", "autenticazione", "autorizzare",
      "autorizza", "attivare",
    ],
    codeLinkers: [
      "è", "e'", "sarà", "il tuo", "la tua", "il suo", "la sua", "tuo", "tua", "suo", "è il",
      "inserisci", "inserire", "inserisca", "usa", "utilizza", "utilizzi", "digita", "digiti",
    ],
    negativeTerms: [
      .reference: [
        "ordine", "ordini", "n. ordine", "numero d'ordine", "numero ordine", "fattura", "fatture",
        "transazione", "operazione", "riferimento", "rif", "prenotazione", "prenotazioni",
        "biglietto", "biglietti", "volo", "voli", "spedizione", "spedizioni", "tracking",
        "tracciamento", "pacco", "pacchi", "collo", "consegna", "cliente", "codice cliente",
        "numero cliente", "pratica", "contratto", "polizza", "sinistro", "ticket", "richiesta",
        "posto", "carrozza", "fila", "targa", "appuntamento", "visita", "codice fiscale",
        "partita iva", "bolletta", "pnr", "protocollo", "lettera", "raccomandata", "avviso",
        "codice avviso", "pagopa", "verbale", "ritiro",
      ],
      .phone: [
        "chiama", "chiamare", "chiami", "chiamaci", "telefono", "tel", "cellulare", "cell",
        "whatsapp", "servizio clienti", "assistenza", "assistenza clienti", "numero verde",
        "call center", "contatta", "contattaci", "contatti", "fax", "al numero",
      ],
      .money: [
        "saldo", "importo", "pagato", "pagamento", "pagamenti", "addebito", "addebitato",
        "addebitati", "accredito", "accreditato", "accreditati", "bonifico", "acquisto", "prezzo",
        "totale", "prelievo", "prelevato", "ricarica", "ricaricato", "rata", "canone", "spesa",
        "spese", "rimborso", "rimborsato", "commissione", "commissioni", "disponibile", "plafond",
        "sconto", "iva", "di importo", "scadenza", "addebito di", "satispay", "postepay",
      ],
      .account: [
        "carta", "carta che termina con", "che termina con", "terminante con", "terminante in",
        "finale", "conto", "conto corrente", "c/c", "n. conto", "iban", "libretto",
      ],
      .address: [
        "cap", "codice postale", "viale", "piazza", "corso", "largo", "vicolo", "piano", "scala",
        "interno", "int", "citofono", "stanza", "sala", "binario", "gate", "terminal", "uscita",
        "porta", "sportello", "indirizzo", "locker", "punto ritiro", "ufficio postale",
        "ambulatorio",
      ],
      .promo: [
        "codice sconto", "codice promo", "codice promozionale", "coupon", "buono", "buono sconto",
        "buono regalo", "carta regalo", "gift card", "promo", "promozione", "offerta", "sconto del",
        "saldi", "gratis", "omaggio", "con il codice",
      ],
      .shortCode: [
        "invia", "inviare", "invii", "rispondi", "rispondere", "risponda", "stop al", "al numero",
        "manda", "disiscriviti", "cancellarti", "sms al",
      ],
      .date: [
        "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
        "settembre", "ottobre", "novembre", "dicembre", "gen", "feb", "mar", "apr", "mag", "giu",
        "lug", "ago", "set", "ott", "nov", "dic", "lunedì", "martedì", "mercoledì", "giovedì",
        "venerdì", "sabato", "domenica", "oggi", "domani", "alle", "ore", "il giorno", "data",
        "dal", "entro il", "orario",
      ],
    ],
    durationUnits: [
      1: ["secondo", "secondi", "sec"],
      60: ["minuto", "minuti", "min"],
      3600: ["ora", "ore", "h"],
      86400: ["giorno", "giorni", "gg"],
    ],
    expiryTerms: [
      "valido per", "valida per", "è valido", "è valida", "valido", "valida", "scade tra",
      "scade fra", "scade in", "scade", "scadrà", "valido fino", "valido entro", "entro",
      "per i prossimi", "nei prossimi", "validità", "ha una validità di",
    ],
    currencyTerms: [
      "euro", "eur", "centesimi", "franchi", "chf",
    ],
    safetyTerms: [
      "non condividere", "non condividerlo", "non condividere con nessuno", "non comunicarlo",
      "non comunicare", "non comunicarlo a nessuno", "non fornire", "non fornirlo", "non divulgare",
      "non cederlo", "non lo condividere", "mai condividere", "non ti chiederemo mai",
      "non le chiederemo mai", "non ti chiederà mai", "non ti chiederanno mai", "a nessuno",
      "strettamente personale", "riservato", "se non sei stato tu", "se non hai richiesto",
      "se non ha richiesto", "truffa", "frode",
    ])
}
