extension LanguageLexicon {
  /// Swahili: nambari za uthibitisho and one-time PINs from M-Pesa, Tigo Pesa, banks, eCitizen and couriers in Kenya and Tanzania.
  static let swahili = LanguageLexicon(
    language: "sw", name: "Swahili",
    strongCodeTerms: [
      "nambari ya uthibitisho", "namba ya uthibitisho", "nambari yako ya uthibitisho",
      "namba yako ya uthibitisho", "msimbo wa uthibitisho", "msimbo wako wa uthibitisho",
      "nenosiri la mara moja", "neno la siri la mara moja", "nambari ya siri ya mara moja",
      "pin ya mara moja", "otp", "msimbo wa otp", "nambari ya otp", "namba ya otp",
      "msimbo wa kuingia", "nambari ya kuthibitisha", "namba ya kuthibitisha", "msimbo wa usalama",
      "msimbo wa kuthibitisha", "code ya uthibitisho", "kodi ya otp", "nambari ya uhakiki",
      "msimbo wa uhakiki", "namba ya uhakiki", "msimbo wa kuwezesha", "nambari ya kuingia",
    ],
    weakCodeTerms: [
      "msimbo", "nambari ya siri", "namba ya siri", "pin", "nenosiri", "code", "neno la siri",
      "kuthibitish*", "thibitish*", "uthibitisho", "kuhakiki", "hakiki", "kuingia", "kuwezesha",
      "kuamilisha",
    ],
    codeLinkers: ["ni", "yako", "wako", "lako", "weka", "tumia", "ingiza"],
    negativeTerms: [
      .reference: [
        "oda", "agizo", "kifurushi", "mzigo", "tiketi", "safari", "ndege", "ankara", "risiti",
        "kumbukumbu", "muamala", "nambari ya muamala", "id ya muamala", "imethibitishwa",
        "confirmed", "namba ya kumbukumbu", "nambari ya kumbukumbu", "kiti", "namba ya tiketi",
      ],
      .phone: [
        "piga", "simu", "huduma kwa wateja", "wasiliana", "namba ya simu", "whatsapp",
        "bila malipo",
      ],
      .money: [
        "salio", "kiasi", "umelipa", "imelipwa", "umepokea", "imetumwa", "bei", "jumla", "gharama",
        "ada", "deni", "umetuma", "kutoa", "ada ya", "umetoa", "mkopo", "fuliza",
      ],
      .account: [
        "akaunti", "kadi", "inayoishia", "inayoishia na", "namba ya akaunti", "nambari ya akaunti",
      ],
      .address: [
        "mtaa", "barabara", "ghorofa", "chumba", "sanduku la posta", "s.l.p", "nyumba", "anwani",
      ],
      .promo: [
        "msimbo wa punguzo", "punguzo", "kuponi", "vocha", "ofa", "promo", "bonasi", "zawadi",
      ],
      .shortCode: ["tuma", "jibu", "kwenda", "kwa namba", "kuacha", "stop", "sitisha"],
      .date: [
        "januari", "februari", "machi", "aprili", "mei", "juni", "julai", "agosti", "septemba",
        "oktoba", "novemba", "desemba", "jumatatu", "jumanne", "jumatano", "alhamisi", "ijumaa",
        "jumamosi", "jumapili", "tarehe", "asubuhi", "mchana", "jioni", "usiku", "leo", "kesho",
      ],
    ],
    durationUnits: [
      1: ["sekunde"],
      60: ["dakika"],
      3600: ["saa"],
      86400: ["siku"],
    ],
    expiryTerms: [
      "itaisha", "inatumika kwa", "ni halali kwa", "halali", "ndani ya", "itakwisha", "muda wake",
      "itadumu",
    ],
    currencyTerms: ["ksh", "kshs", "tsh", "tshs", "ush", "ugx", "shilingi", "sh", "sh."],
    safetyTerms: [
      "usimpe mtu", "usishiriki", "usimwambie mtu", "usimwambie mtu yeyote", "usitoe", "kamwe",
      "usimpatie mtu", "mtu yeyote", "matapeli", "hatutakuuliza", "hatutawahi kukuuliza",
    ]
  )
}
