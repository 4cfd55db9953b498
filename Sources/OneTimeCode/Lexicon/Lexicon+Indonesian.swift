extension LanguageLexicon {
  /// Indonesian: kode OTP and kode verifikasi from Indonesian banks, e-wallets (GoPay, OVO, DANA), marketplaces, couriers and operators.
  static let indonesian = LanguageLexicon(
    language: "id", name: "Indonesian",
    strongCodeTerms: [
      "kode verifikasi*", "kode otp*", "otp", "kode otentikasi*", "kode autentikasi*",
      "kode konfirmasi*", "kode aktivasi*", "kode keamanan*", "kode masuk*", "kode login*",
      "kode rahasia*", "kata sandi sekali pakai", "kode sekali pakai", "sandi sekali pakai",
      "one time password", "kode akses*", "kode validasi*",
      "kode sms", "kode pendaftaran*", "kode registrasi*", "pin sekali pakai", "kode verif*",
      "nomor verifikasi*", "kode unik verifikasi*",
    ],
    weakCodeTerms: [
      "kode*", "pin", "sandi", "kata sandi", "password", "kunci", "token", "verifikasi",
      "memverifikasi", "konfirmasi", "mengonfirmasi", "aktivasi", "mengaktifkan", "otentikasi",
      "autentikasi", "validasi", "otorisasi", "untuk masuk",
    ],
    codeLinkers: [
      "adalah", "anda", "kamu", "mu", "ialah", "yaitu", "yakni", "untuk", "masukkan", "gunakan",
    ],
    negativeTerms: [
      .reference: [
        "pesanan*", "no. pesanan", "order", "resi", "no resi", "nomor resi", "paket*", "kiriman",
        "pengiriman", "id transaksi", "no transaksi", "nomor transaksi", "ref", "no ref", "no. ref",
        "referensi", "invoice", "faktur", "booking", "kode booking", "pemesanan", "tiket",
        "penerbangan", "kode pembayaran", "virtual account", "va", "nomor antrian", "antrian",
        "no. antrian", "kursi", "token listrik", "token pln", "stroom",
      ],
      .phone: [
        "hubungi", "telepon", "telp", "telp.", "call center", "layanan pelanggan", "hotline",
        "whatsapp", "wa", "cs", "halo",
      ],
      .money: [
        "saldo", "jumlah", "sebesar", "nominal", "total", "harga", "bayar", "dibayar", "pembayaran",
        "debet", "debit", "kredit", "ditransfer", "transfer", "tarik tunai", "biaya", "tagihan",
        "isi ulang", "top up", "topup", "pulsa", "cicilan", "tunggakan", "denda", "dana masuk",
      ],
      .account: [
        "rekening", "rek", "rek.", "kartu", "berakhiran", "akhiran", "no. rek", "nomor rekening",
        "no rekening",
      ],
      .address: [
        "jl", "jl.", "jalan", "rt", "rw", "kel", "kec", "kelurahan", "kecamatan", "kode pos",
        "lantai", "blok", "gedung", "kamar", "alamat", "gg", "gang",
      ],
      .promo: [
        "kode promo", "promo", "voucher", "kupon", "diskon", "cashback", "potongan", "kode voucher",
      ],
      .shortCode: ["ketik", "kirim ke", "balas", "sms ke", "unreg", "stop", "berhenti"],
      .date: [
        "januari", "februari", "maret", "april", "mei", "juni", "juli", "agustus", "september",
        "oktober", "november", "desember", "jan", "feb", "mar", "apr", "jun", "jul", "agu", "agt",
        "ags", "sep", "okt", "nov", "des", "senin", "selasa", "rabu", "kamis", "jumat", "sabtu",
        "minggu", "pukul", "tanggal", "tgl", "wib", "wita", "wit", "hari ini", "besok",
      ],
    ],
    durationUnits: [
      1: ["detik", "dtk"],
      60: ["menit", "mnt"],
      3600: ["jam"],
      86400: ["hari"],
    ],
    expiryTerms: [
      "berlaku", "berlaku selama", "berlaku hingga", "berlaku sampai", "kedaluwarsa",
      "kadaluarsa", "kadaluwarsa", "dalam", "habis", "hangus",
    ],
    currencyTerms: ["rp", "rp.", "rupiah", "ribu", "rb", "juta", "jt"],
    safetyTerms: [
      "jangan berikan", "jangan bagikan", "rahasiakan", "jangan beritahukan", "jangan memberikan",
      "tidak pernah meminta", "waspada penipuan", "penipuan", "kepada siapapun", "kepada siapa pun",
      "jgn berikan", "jangan sebarkan", "jangan informasikan",
    ]
  )
}
