extension LanguageLexicon {
  /// Tagalog: OTPs and verification codes from Philippine banks, GCash and Maya, couriers, government services and telcos, with the English loanwords Filipinos text with.
  static let tagalog = LanguageLexicon(
    language: "tl", name: "Tagalog",
    strongCodeTerms: [
      "verification code", "otp", "one-time pin", "one time pin", "one-time password",
      "one time password", "authentication code", "login code", "security code", "activation code",
      "confirmation code", "kodigo sa pagpapatunay", "kodigo ng beripikasyon", "beripikasyon code",
      "code sa pag-verify", "code para sa pag-verify", "pin sa pag-verify", "otp code",
      "verification pin", "authentication pin", "registration code", "validation code",
    ],
    weakCodeTerms: [
      "code", "kodigo", "koda", "pin", "password", "mpin", "i-verify", "beripikahin", "kumpirmahin",
      "i-confirm", "mag-log in", "mag-login", "i-activate", "patunayan",
    ],
    codeLinkers: [
      "ay", "ang", "mo", "iyong", "ang iyong", "ninyo", "niyo", "inyong", "ilagay", "gamitin",
    ],
    negativeTerms: [
      .reference: [
        "order", "order number", "order no", "reference", "ref", "ref no", "ref. no", "tracking",
        "tracking number", "parcel", "padala", "booking", "tiket", "ticket", "flight", "invoice",
        "resibo", "transaksyon", "transaction", "transaction id", "claim",
      ],
      .phone: [
        "tumawag", "tawagan", "hotline", "telepono", "tel", "customer service", "makipag-ugnayan",
        "viber",
      ],
      .money: [
        "balanse", "balance", "halaga", "natanggap", "ipinadala", "bayad", "binayaran", "nabawas",
        "presyo", "kabuuan", "load", "cash in", "cash out", "sinisingil", "amount", "total",
        "bayarin", "utang",
      ],
      .account: ["account", "card", "nagtatapos sa", "account number", "acct", "acct no"],
      .address: [
        "kalye", "st", "st.", "brgy", "brgy.", "barangay", "purok", "palapag", "zip code", "bldg",
        "unit", "address",
      ],
      .promo: ["promo code", "promo", "voucher", "kupon", "diskwento", "discount", "coupon"],
      .shortCode: [
        "i-text", "itext", "i-send", "ipadala sa", "mag-reply", "reply", "send to", "i-reply",
      ],
      .date: [
        "enero", "pebrero", "marso", "abril", "mayo", "hunyo", "hulyo", "agosto", "setyembre",
        "oktubre", "nobyembre", "disyembre", "lunes", "martes", "miyerkules", "huwebes",
        "biyernes", "sabado", "linggo", "alas", "ng umaga", "ng hapon", "ng gabi", "ngayong araw",
        "bukas",
      ],
    ],
    durationUnits: [
      1: ["segundo", "seconds", "sec"],
      60: ["minuto", "mins", "min", "minutes"],
      3600: ["oras", "hours"],
      86400: ["araw", "days"],
    ],
    expiryTerms: [
      "valid", "valid sa loob ng", "sa loob ng", "mag-e-expire", "mag-expire", "mawawalan ng bisa",
      "may bisa", "valid for", "expires",
    ],
    currencyTerms: ["piso", "pesos", "php", "peso"],
    safetyTerms: [
      "huwag ibahagi", "huwag ibigay", "huwag sabihin", "huwag itong ibahagi", "huwag itong ibigay",
      "hindi kailanman hihingi", "hindi hihingin", "scam", "kaninuman", "kahit kanino",
    ]
  )
}
