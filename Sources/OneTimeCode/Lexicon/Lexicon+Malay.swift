extension LanguageLexicon {
  /// Malay: TAC and kod pengesahan from Malaysian and Bruneian banks, e-wallets, MySejahtera-style government apps, couriers and telcos.
  static let malay = LanguageLexicon(
    language: "ms", name: "Malay",
    strongCodeTerms: [
      "kod pengesahan*", "kod tac", "tac", "nombor tac", "no. tac", "kata laluan sekali guna",
      "kod sekali guna", "pin sekali guna", "kod otp", "otp", "kod keselamatan", "kod pengaktifan",
      "kod log masuk", "kod masuk", "kod sah", "kod verifikasi", "kod akses", "kod pengenalan",
      "kod pendaftaran", "kod kebenaran", "kod transaksi", "kata laluan sementara",
      "kod penentusahan", "secure tac", "kod pengesah",
    ],
    weakCodeTerms: [
      "kod", "pin", "kata laluan", "kata sandi", "kunci", "pengesahan", "sahkan", "mengesahkan",
      "log masuk", "pengaktifan", "aktifkan", "pengesahihan",
    ],
    codeLinkers: ["ialah", "adalah", "anda", "awak", "untuk", "masukkan", "gunakan"],
    negativeTerms: [
      .reference: [
        "pesanan", "no. pesanan", "penghantaran", "bungkusan", "parcel", "no. tracking", "tracking",
        "tempahan", "tiket", "penerbangan", "invois", "bil", "rujukan", "no rujukan", "no. rujukan",
        "ruj", "ruj.", "no transaksi", "no. transaksi", "kod tempahan", "nombor giliran", "giliran",
        "order",
      ],
      .phone: [
        "hubungi", "telefon", "tel", "talian", "talian hotline", "khidmat pelanggan",
        "pusat panggilan", "whatsapp", "hotline",
      ],
      .money: [
        "baki", "jumlah", "amaun", "bayaran", "dibayar", "dikreditkan", "didebitkan", "pindahan",
        "harga", "caj", "tambah nilai", "topup", "top up", "pembelian", "pengeluaran",
        "tunggakan", "ansuran", "diterima",
      ],
      .account: [
        "akaun", "kad", "berakhir dengan", "no akaun", "nombor akaun", "no. akaun", "kad kredit",
        "kad debit",
      ],
      .address: [
        "jalan", "jln", "taman", "lorong", "tingkat", "poskod", "aras", "blok", "bilik", "alamat",
        "lot", "kg", "kampung",
      ],
      .promo: [
        "kod promo", "promosi", "baucar", "kupon", "diskaun", "rebat", "cashback", "kod baucar",
      ],
      .shortCode: ["taip", "hantar ke", "balas", "stop", "berhenti", "untuk berhenti"],
      .date: [
        "januari", "februari", "mac", "april", "mei", "jun", "julai", "ogos", "september",
        "oktober", "november", "disember", "isnin", "selasa", "rabu", "khamis", "jumaat", "sabtu",
        "ahad", "pagi", "petang", "malam", "tarikh", "hari ini", "esok",
      ],
    ],
    durationUnits: [
      1: ["saat"],
      60: ["minit", "min"],
      3600: ["jam"],
      86400: ["hari"],
    ],
    expiryTerms: [
      "sah", "sah untuk", "sah selama", "sah dalam", "tamat tempoh", "luput", "dalam masa", "dalam",
    ],
    currencyTerms: ["rm", "ringgit", "sen", "b$", "bnd"],
    safetyTerms: [
      "jangan kongsi", "jangan berkongsi", "jangan dedahkan", "rahsiakan", "tidak akan meminta",
      "jangan beri", "penipuan", "scam", "jangan kongsikan", "kepada sesiapa",
    ]
  )
}
