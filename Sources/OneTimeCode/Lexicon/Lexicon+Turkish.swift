extension LanguageLexicon {
  /// Turkish: doğrulama kodları and tek kullanımlık şifreler from banks, e-Devlet, couriers, marketplaces and operators in Turkey.
  static let turkish = LanguageLexicon(
    language: "tr", name: "Turkish",
    strongCodeTerms: [
      "doğrulama kod*", "dogrulama kod*", "onay kod*", "onay şifre*", "tek kullanımlık şifre*",
      "tek kullanımlık kod*", "tek kullanimlik sifre*", "tek seferlik şifre*",
      "tek seferlik kod*", "giriş kod*", "giriş şifre*", "güvenlik kod*", "aktivasyon kod*",
      "etkinleştirme kod*", "sms kod*", "sms şifre*", "sms onay kod*", "otp", "otp kod*",
      "otp şifre*", "işlem şifre*", "işlem onay kod*", "geçici şifre*", "mobil onay kod*",
      "3d secure şifre*", "3d şifre*", "3d secure kod*", "kimlik doğrulama kod*",
      "doğrulama şifre*", "kayıt kod*", "üyelik kod*", "parola sıfırlama kod*",
      "şifre sıfırlama kod*", "e-devlet şifre*", "tek kullanımlık parola*",
    ],
    weakCodeTerms: [
      "kod*", "şifre*", "sifre*", "parola*", "pin", "pin kod*", "anahtar*", "doğrula*", "dogrula*",
      "onaylamak", "onaylamak için", "onaylayın", "onaylayınız", "onaylamanız", "giriş", "giris",
      "girişi", "giriş yap*", "oturum aç*", "aktifleştir*",
      "etkinleştir*", "yetkilendir*",
    ],
    codeLinkers: [
      "sizin", "senin", "için", "olarak", "olan", "kodunuz", "şifreniz", "giriniz", "girin",
    ],
    negativeTerms: [
      .reference: [
        "sipariş*", "siparis*", "takip*", "kargo*", "gönderi*", "gonderi*", "paket*", "fatura*",
        "işlem no", "işlem numara*", "referans*", "ref", "rezervasyon*", "bilet*", "uçuş*",
        "sefer*", "pnr", "dekont*", "başvuru*", "dosya*", "talep*", "abone no", "abone numara*",
        "tesisat*", "sözleşme*", "poliçe*", "koltuk*",
      ],
      .phone: [
        "arayın", "arayınız", "arayabilirsiniz", "arama", "telefon*", "tel", "tel:",
        "çağrı merkez*", "müşteri hizmetleri*", "destek hatt*", "whatsapp", "gsm",
        "iletişim*",
      ],
      .money: [
        "bakiye*", "tutar*", "harcama*", "ödeme*", "ödendi", "borç*", "borc*", "alacak*",
        "limit*", "fiyat*", "toplam*", "yatırıldı", "yatırılmıştır", "çekildi", "çekim*",
        "taksit*", "ücret*", "aidat*", "havale*", "eft", "fast", "iade*", "puan*", "bedel*",
        "kalan",
      ],
      .account: [
        "hesap*", "kart*", "ile biten", "ile başlayan", "sonu", "son dört hane*",
        "son 4 hane*", "iban", "müşteri no", "müşteri numara*",
      ],
      .address: [
        "mah", "mah.", "mahalle*", "cad", "cad.", "cadde*", "sok", "sok.", "sokak*", "sk.",
        "daire*", "kat", "posta kod*", "apt", "apt.", "blok", "şube*", "adres*",
      ],
      .promo: [
        "indirim kod*", "kupon*", "promosyon*", "kampanya kod*", "kampanya*", "hediye çeki*",
        "indirim*", "hediye kod*",
      ],
      .shortCode: [
        "yazıp", "yazip", "gönderin", "gönderiniz", "ret yazıp", "iptal için", "mesaj almamak için",
        "ret", "ileti almamak için",
      ],
      .date: [
        "ocak", "şubat", "mart", "nisan", "mayıs", "haziran", "temmuz", "ağustos", "eylül",
        "ekim", "kasım", "aralık", "pazartesi", "salı", "çarşamba", "perşembe", "cuma",
        "cumartesi", "pazar", "saat", "tarih*", "bugün", "yarın",
      ],
    ],
    durationUnits: [
      1: ["saniye*", "sn", "sn."],
      60: ["dakika*", "dk", "dk."],
      3600: ["saat*", "sa", "sa."],
      86400: ["gün*"],
    ],
    expiryTerms: [
      "geçerli*", "geçerlilik*", "süresi", "içinde", "içerisinde", "sonra geçersiz",
      "geçersiz olacak*", "dolacak*", "kullanılabilir",
    ],
    currencyTerms: ["tl", "lira", "türk lirası", "kuruş", "krş", "ytl"],
    safetyTerms: [
      "kimseyle paylaşmayın*", "kimseyle paylaşmayınız", "kimse ile paylaşmayınız",
      "kimseyle paylaşma", "paylaşmayınız", "paylaşmayın", "kimseye vermeyin*",
      "kimseye söylemeyin*", "kimseye iletmeyin*", "asla istemez", "talep etmez",
      "dolandırıcı*",
    ]
  )
}
