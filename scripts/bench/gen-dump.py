#!/usr/bin/env python3
"""Seeded generator of the benchmark dump for `make bench` (issue 6).

Writes, under OUTDIR (default .build/bench):
  dump-1m.txt     1,000,000 messages, one per line
  dump-100k.txt   its first 100,000 lines
  dump-10k.txt    its first 10,000 lines
  msg-1mb.txt     one message of 1,000,000 bytes (no newline inside), code near the end
  msg-2mb.txt     the same at 2,000,000 bytes

With --single-mb N it writes only msg-Nmb.txt (run.sh uses it for the 50 MB line).

The mix: about 35% one-time-code messages in 18 languages and six scripts (Latin,
Cyrillic, Arabic with Arabic-Indic digits, CJK, Devanagari, Thai), 65% distractors
(card debits with amounts, parcel tracking, appointments with dates and times, promotions,
chit-chat without digits). Every template was written for this benchmark; none is a corpus
line. The same seed gives the same bytes on every machine (random.Random with an int seed).

    scripts/bench/gen-dump.py                     # everything, seed 6
    scripts/bench/gen-dump.py --count 20000 --outdir /tmp/b
    scripts/bench/gen-dump.py --single-mb 50
"""

from __future__ import annotations

import argparse
import os
import random
import string
import sys

# ---------------------------------------------------------------------------------------
# Fill-in values.

APPS = [
    "Telegram", "WhatsApp", "Signal", "Google", "Microsoft", "Apple", "Amazon", "PayPal",
    "Revolut", "Wise", "Uber", "Bolt", "Grab", "Gojek", "Shopee", "Tokopedia", "Lazada",
    "Steam", "Discord", "TikTok", "Instagram", "Facebook", "Binance", "Coinbase", "N26",
    "Monobank", "Kaspi", "Sber", "Tinkoff", "Zalo", "LINE", "KakaoTalk", "Naver", "Alipay",
    "WeChat", "Careem", "Talabat", "STC Pay", "Paytm", "PhonePe", "Flipkart", "Swiggy",
    "Mercado Pago", "Nubank", "iFood", "Trendyol", "Getir", "Allegro", "BLIK", "Airbnb",
]
MERCHANTS = [
    "CARREFOUR", "LIDL", "ALDI SUED", "TESCO STORES", "STARBUCKS", "SHELL 0412", "IKEA",
    "ZARA", "DECATHLON", "MIGROS", "BIM", "PYATEROCHKA", "7-ELEVEN", "FAMILYMART",
    "BIG C", "LULU HYPER", "DMART", "RELIANCE FRESH", "NETFLIX.COM", "SPOTIFY AB",
    "UBER *TRIP", "AMZN MKTP", "APPLE.COM/BILL", "BOOKING.COM", "RYANAIR", "MCDONALDS",
]
CARRIERS = ["DHL", "UPS", "FedEx", "GLS", "DPD", "Royal Mail", "La Poste", "Correos",
            "Nova Poshta", "CDEK", "Aramex", "J&T Express", "SF Express", "Yamato", "Kerry",
            "Delhivery", "PostNL", "InPost", "Yurtici", "CTT"]
NAMES = ["Anna", "Marco", "Lena", "Omar", "Yuki", "Priya", "Ivan", "Sofia", "Mehmet",
         "Chen", "Aisha", "Lucas", "Nguyen", "Olga", "Ravi", "Fatima", "Jonas", "Mina"]
CLINICS = ["Dr. Keller", "City Dental", "Westside Clinic", "Dr. Moreau", "Physio Plus",
           "Eye Care Centre", "Dr. Rossi", "Kinderarztpraxis Sonne", "Smile Studio"]

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
DEVANAGARI = str.maketrans("0123456789", "०१२३४५६७८९")


class Filler:
    """Draws the values a template asks for, from one seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.r = rng

    def code(self) -> str:
        r = self.r
        roll = r.random()
        if roll < 0.55:
            return "%06d" % r.randrange(1_000_000)
        if roll < 0.75:
            return "%04d" % r.randrange(10_000)
        if roll < 0.83:
            return "%08d" % r.randrange(100_000_000)
        if roll < 0.90:
            return "%05d" % r.randrange(100_000)
        if roll < 0.96:
            return "%03d-%03d" % (r.randrange(1000), r.randrange(1000))
        return "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))

    def minutes(self) -> str:
        return str(self.r.choice([2, 3, 5, 5, 10, 10, 10, 15, 30]))

    def app(self) -> str:
        return self.r.choice(APPS)

    def amount(self) -> str:
        r = self.r
        whole = int(r.expovariate(1 / 80)) + 1
        if whole >= 1000:
            return "{:,}.{:02d}".format(whole, r.randrange(100))
        return "%d.%02d" % (whole, r.randrange(100))

    def balance(self) -> str:
        return "{:,}.{:02d}".format(self.r.randrange(20, 40_000), self.r.randrange(100))

    def card4(self) -> str:
        return "%04d" % self.r.randrange(10_000)

    def merchant(self) -> str:
        return self.r.choice(MERCHANTS)

    def date(self) -> str:
        r = self.r
        return "%02d/%02d/%d" % (r.randrange(1, 29), r.randrange(1, 13), r.choice([2025, 2026]))

    def day(self) -> str:
        return str(self.r.randrange(1, 29))

    def time(self) -> str:
        return "%02d:%02d" % (self.r.randrange(7, 21), self.r.choice([0, 15, 30, 45]))

    def track(self) -> str:
        r = self.r
        style = r.randrange(3)
        if style == 0:
            return "".join(r.choice(string.ascii_uppercase) for _ in range(2)) + \
                "%09d" % r.randrange(10**9) + r.choice(["DE", "GB", "FR", "CN", "NL"])
        if style == 1:
            return "1Z%06X%010d" % (r.randrange(16**6), r.randrange(10**10))
        return "%012d" % r.randrange(10**12)

    def carrier(self) -> str:
        return self.r.choice(CARRIERS)

    def name(self) -> str:
        return self.r.choice(NAMES)

    def clinic(self) -> str:
        return self.r.choice(CLINICS)

    def pct(self) -> str:
        return str(self.r.choice([10, 15, 20, 25, 30, 40, 50, 70]))

    def phone(self) -> str:
        r = self.r
        return "+%d %03d %03d %04d" % (r.choice([1, 33, 44, 49, 7, 90, 91, 971]),
                                       r.randrange(1000), r.randrange(1000), r.randrange(10**4))

    def order(self) -> str:
        return "%d%07d" % (self.r.randrange(1, 10), self.r.randrange(10**7))

    def url(self) -> str:
        r = self.r
        return "https://%s/%s" % (r.choice(["bit.ly", "t.co", "s.shop.io", "go.deal.to"]),
                                  "".join(r.choice(string.ascii_letters) for _ in range(6)))


# ---------------------------------------------------------------------------------------
# One-time-code templates, by language. {code} is the code; the rest are fillers above.
# The digit translation applies to the whole message with the given probability.

OTP = {
    "en": [
        "Your {app} verification code is {code}. It expires in {minutes} minutes.",
        "{code} is your {app} login code. Never share it with anyone.",
        "{app}: use {code} to confirm your sign-in. If this wasn't you, change your password.",
        "Security code for your {app} account: {code}. We will never call to ask for it.",
        "Hi {name}, your one-time passcode is {code} (valid {minutes} min).",
        "To approve the payment of EUR {amount} at {merchant}, enter OTP {code}. Card ending {card4}.",
        "G-{code} is your Google verification code.",
        "[{app}] Confirmation code: {code}",
    ],
    "es": [
        "Tu código de verificación de {app} es {code}. Caduca en {minutes} minutos.",
        "{app}: {code} es tu código para iniciar sesión. No lo compartas con nadie.",
        "Introduce el código {code} para confirmar la compra de {amount} EUR con la tarjeta *{card4}.",
    ],
    "pt": [
        "Seu código de acesso {app}: {code}. Não compartilhe este código.",
        "{app}: o código {code} confirma o seu cadastro. Válido por {minutes} minutos.",
        "Use {code} para validar a transação de R$ {amount} no cartão final {card4}.",
    ],
    "fr": [
        "Votre code de vérification {app} est {code}. Il expire dans {minutes} minutes.",
        "{app} : saisissez {code} pour confirmer votre connexion. Ne le communiquez à personne.",
        "Code de sécurité pour le paiement de {amount} EUR chez {merchant} : {code}",
    ],
    "de": [
        "Ihr {app} Bestätigungscode lautet {code}. Er ist {minutes} Minuten gültig.",
        "{code} ist dein Anmeldecode für {app}. Gib ihn niemals weiter.",
        "TAN für die Überweisung von {amount} EUR: {code}. Prüfen Sie Empfänger und Betrag.",
    ],
    "it": [
        "Il tuo codice di verifica {app} è {code}. Scade tra {minutes} minuti.",
        "{app}: inserisci il codice {code} per completare l'accesso. Non condividerlo.",
    ],
    "pl": [
        "Twój kod weryfikacyjny {app} to {code}. Nie podawaj go nikomu.",
        "Kod BLIK do płatności {amount} PLN w {merchant}: {code}. Ważny {minutes} min.",
    ],
    "tr": [
        "{app} doğrulama kodunuz: {code}. Bu kodu kimseyle paylaşmayın.",
        "Tek kullanımlık şifreniz {code}. {minutes} dakika geçerlidir. {app}",
    ],
    "id": [
        "Kode verifikasi {app} kamu adalah {code}. JANGAN berikan kode ini kepada siapa pun.",
        "{code} adalah kode OTP {app} Anda, berlaku {minutes} menit.",
    ],
    "vi": [
        "Mã xác thực {app} của bạn là {code}. Mã có hiệu lực trong {minutes} phút.",
        "{app}: {code} là mã OTP để đăng nhập. Tuyệt đối không chia sẻ mã này.",
    ],
    "ru": [
        "Код подтверждения {app}: {code}. Никому не сообщайте его.",
        "Ваш код для входа: {code}. Действует {minutes} минут. {app}",
        "Для оплаты {amount} RUB в {merchant} введите код {code}. Карта *{card4}.",
    ],
    "uk": [
        "Ваш код підтвердження {app}: {code}. Нікому його не повідомляйте.",
        "{code} — код для входу в {app}. Дійсний {minutes} хвилин.",
    ],
    "ar": [
        "رمز التحقق الخاص بك في {app} هو {code}. لا تشاركه مع أي شخص.",
        "{app}: استخدم الرمز {code} لتأكيد تسجيل الدخول. صالح لمدة {minutes} دقائق.",
        "رمز التأكيد لعملية الشراء بمبلغ {amount} ريال هو {code}",
    ],
    "fa": [
        "کد تایید {app} شما: {code}. این کد را در اختیار دیگران قرار ندهید.",
        "رمز یکبار مصرف شما {code} است. اعتبار: {minutes} دقیقه",
    ],
    "hi": [
        "आपका {app} सत्यापन कोड {code} है। इसे किसी के साथ साझा न करें।",
        "{code} आपका OTP है, जो {minutes} मिनट तक मान्य है। - {app}",
        "₹{amount} के भुगतान के लिए OTP {code} है। कार्ड XX{card4}.",
    ],
    "th": [
        "รหัส OTP ของคุณคือ {code} (ใช้ได้ภายใน {minutes} นาที) {app}",
        "{app}: รหัสยืนยันของคุณคือ {code} ห้ามบอกรหัสนี้กับผู้อื่น",
    ],
    "zh": [
        "【{app}】您的验证码是{code}，{minutes}分钟内有效，请勿泄露给他人。",
        "验证码：{code}，用于登录{app}账号。如非本人操作，请忽略本短信。",
        "【{app}】您正在进行支付，验证码{code}，切勿告知他人。",
    ],
    "ja": [
        "【{app}】認証コード：{code}。このコードを他人に教えないでください。",
        "{app}のログイン確認コードは {code} です。有効期限は{minutes}分です。",
    ],
    "ko": [
        "[{app}] 인증번호 [{code}]를 입력해 주세요. 타인에게 절대 알려주지 마세요.",
        "{app} 로그인 인증코드는 {code} 입니다. ({minutes}분간 유효)",
    ],
}
OTP_DIGITS = {"ar": (ARABIC_INDIC, 0.5), "fa": (PERSIAN, 0.6), "hi": (DEVANAGARI, 0.1)}

# Languages weighted roughly like a mixed international phone backup.
OTP_WEIGHTS = {"en": 22, "es": 7, "pt": 6, "fr": 5, "de": 5, "it": 3, "pl": 3, "tr": 4,
               "id": 5, "vi": 4, "ru": 7, "uk": 3, "ar": 6, "fa": 2, "hi": 6, "th": 3,
               "zh": 6, "ja": 3, "ko": 3}

# ---------------------------------------------------------------------------------------
# Distractors: messages with numbers that are not codes, and chit-chat without digits.

BANK = [
    "{merchant}: EUR {amount} debited from card ending {card4} on {date}. Balance EUR {balance}.",
    "Purchase of USD {amount} at {merchant} approved. Card *{card4}. Available: USD {balance}.",
    "Your account x{card4} was debited GBP {amount} on {date} ({merchant}).",
    "Transferencia recibida: {amount} EUR de {name}. Saldo disponible {balance} EUR.",
    "Compra aprovada: R$ {amount} em {merchant}, cartão final {card4}, {date} {time}.",
    "Paiement de {amount} EUR chez {merchant} le {date}. Solde : {balance} EUR.",
    "Kartenzahlung {amount} EUR bei {merchant} am {date} um {time}. Kontostand {balance} EUR.",
    "Списание {amount} RUB, {merchant}, карта *{card4}. Баланс: {balance} RUB.",
    "Hesabınızdan {amount} TL çekildi. Kart: **{card4}. Bakiye {balance} TL.",
    "تم خصم {amount} ريال من بطاقتك المنتهية بـ {card4} لدى {merchant} بتاريخ {date}.",
    "INR {amount} debited from A/c XX{card4} on {date}. Avl Bal INR {balance}. Not you? Call {phone}",
    "您尾号{card4}的储蓄卡{date} {time}消费{amount}元，余额{balance}元。",
    "Transaksi Rp {amount} di {merchant} berhasil. Kartu **{card4}, {date}.",
    "บัญชี x{card4} ถูกหักเงิน {amount} บาท เมื่อ {date} {time}",
]
DELIVERY = [
    "{carrier}: your parcel {track} is out for delivery today between {time} and 18:00.",
    "Your order #{order} has shipped with {carrier}. Track it: {url}",
    "Package {track} could not be delivered. Pick it up at the depot after {date}.",
    "Tu pedido {order} llegará el {date}. Seguimiento {carrier}: {track}",
    "Votre colis {track} sera livré le {date} entre {time} et 19:00.",
    "Ihr Paket {track} wurde in der Packstation abgelegt. Abholung bis {date}.",
    "Посылка {track} прибыла в отделение. Хранение до {date}.",
    "Sipariş {order} kargoya verildi. Takip no: {track}",
    "您的快递{track}已由{carrier}揽收，预计{date}送达。",
    "お荷物（伝票番号 {track}）は{date} {time}頃お届け予定です。",
    "شحنتك رقم {track} في الطريق إليك، موعد التسليم المتوقع {date}.",
    "आपका ऑर्डर {order} {carrier} द्वारा भेजा गया है। ट्रैकिंग: {track}",
    "Đơn hàng {order} đang được giao, mã vận đơn {track}.",
]
APPOINTMENT = [
    "Reminder: appointment with {clinic} on {date} at {time}. Reply C to cancel.",
    "{name}, your table for 4 is booked for {date}, {time}. See you then!",
    "Your flight boards at {time} on {date}, gate B{day}. Seat {day}C.",
    "Recordatorio: cita en {clinic} el {date} a las {time}.",
    "Rappel : rendez-vous chez {clinic} le {date} à {time}.",
    "Erinnerung: Ihr Termin bei {clinic} am {date} um {time} Uhr.",
    "Напоминаем: приём у врача {date} в {time}, кабинет {day}.",
    "Randevunuz {date} saat {time} olarak onaylandı.",
    "预约提醒：您已预约{date} {time}的门诊，请提前15分钟到达。",
    "ご予約確認：{date} {time}、{clinic}。変更はお電話ください。",
    "تذكير: موعدك في {clinic} يوم {date} الساعة {time}.",
    "[{app}] {date} {time} 예약이 확정되었습니다.",
]
PROMO = [
    "Flash sale! {pct}% off everything until {date}. Shop now: {url}",
    "{app}: get {pct}% back on your next 3 rides. Offer ends {date}. Reply STOP to opt out.",
    "Only today: buy 2 get 1 free at {merchant}. Details {url}",
    "¡Rebajas! Hasta {pct}% de descuento en {merchant}. {url}",
    "Jusqu'à -{pct}% sur une sélection de produits ce week-end ! {url}",
    "Nur heute: {pct}% Rabatt auf alles mit dem Gutschein SOMMER. {url}",
    "Скидка {pct}% на второй товар до {date}. Подробнее: {url}",
    "خصم {pct}% على جميع المنتجات حتى {date}. تسوق الآن {url}",
    "双十一狂欢，全场低至{pct}折，点击 {url}",
    "โปรพิเศษ ลด {pct}% ทุกเมนู ถึง {date} เท่านั้น",
    "सेल! सभी उत्पादों पर {pct}% तक की छूट। {url}",
]
CHAT = [
    "Are you coming to dinner tonight? Mum is making lasagne.",
    "Running a bit late, start without me.",
    "lol that was the best thing I've seen all week",
    "Can you pick up milk and bread on the way home?",
    "Happy birthday {name}! Hope you have a wonderful day",
    "Ok see you at the station",
    "¿Nos vemos mañana en el café de siempre?",
    "Je t'appelle quand j'arrive, bisous",
    "Hast du den Schlüssel mitgenommen?",
    "Ты уже дома? Позвони, когда сможешь.",
    "وصلت البيت؟ طمني عليك",
    "明天一起吃饭吗？",
    "今日は早く帰るね",
    "कल मिलते हैं, ध्यान रखना",
    "คิดถึงนะ กินข้าวหรือยัง",
    "Bugün hava çok güzel, yürüyüşe çıkalım mı?",
    "Thanks for the code review, merging it now",
    "Don't forget the meeting moved to the afternoon",
]
DISTRACTORS = [(BANK, 20), (DELIVERY, 15), (APPOINTMENT, 12), (PROMO, 10), (CHAT, 8)]

OTP_SHARE = 0.35


def _fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


class Generator:
    """Seeded message source: `next()` gives one message without a newline."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fill = Filler(self.rng)
        self.otp_langs = list(OTP_WEIGHTS)
        self.otp_cum = _cumulative([OTP_WEIGHTS[k] for k in self.otp_langs])
        self.dis_pools = [pool for pool, _ in DISTRACTORS]
        self.dis_cum = _cumulative([w for _, w in DISTRACTORS])
        self.cache: dict[str, list[str]] = {}

    def _render(self, template: str) -> str:
        names = self.cache.get(template)
        if names is None:
            names = self.cache[template] = _fields(template)
        values = {name: getattr(self.fill, name)() for name in names}
        return template.format_map(values)

    def otp(self) -> str:
        r = self.rng
        lang = r.choices(self.otp_langs, cum_weights=self.otp_cum)[0]
        text = self._render(r.choice(OTP[lang]))
        digits = OTP_DIGITS.get(lang)
        if digits and r.random() < digits[1]:
            text = text.translate(digits[0])
        return text

    def distractor(self) -> str:
        r = self.rng
        pool = r.choices(self.dis_pools, cum_weights=self.dis_cum)[0]
        text = self._render(r.choice(pool))
        if "ريال" in text or "بتاريخ" in text:
            if r.random() < 0.5:
                text = text.translate(ARABIC_INDIC)
        return text

    def next(self) -> str:
        return self.otp() if self.rng.random() < OTP_SHARE else self.distractor()


def _cumulative(weights: list[int]) -> list[int]:
    total, out = 0, []
    for w in weights:
        total += w
        out.append(total)
    return out


def write_dump(outdir: str, count: int, seed: int) -> None:
    gen = Generator(seed)
    slices = [(n, open(os.path.join(outdir, name), "w", encoding="utf-8", newline="\n"))
              for n, name in ((100_000, "dump-100k.txt"), (10_000, "dump-10k.txt"))
              if n < count]
    big_path = os.path.join(outdir, "dump-1m.txt" if count == 1_000_000 else "dump-%d.txt" % count)
    with open(big_path, "w", encoding="utf-8", newline="\n") as big:
        batch: list[str] = []
        for i in range(count):
            batch.append(gen.next())
            if len(batch) == 10_000 or i == count - 1:
                chunk = "\n".join(batch) + "\n"
                big.write(chunk)
                for limit, handle in slices:
                    if i < limit:
                        handle.write(chunk)
                batch.clear()
    for _, handle in slices:
        handle.close()


def write_single(path: str, size: int, seed: int) -> None:
    """One line of `size` bytes: a long forwarded thread (distractors joined by spaces,
    repeated), then the one-time code near the end, then a short signature."""
    gen = Generator(seed)
    block = " ".join(gen.distractor() for _ in range(400)).encode("utf-8")
    code = "%06d" % gen.rng.randrange(1_000_000)
    tail = (" -- Your verification code is %s. It expires in 10 minutes. "
            "Do not forward this email. Regards, the accounts team." % code).encode("utf-8")
    need = size - len(tail)
    body = (block + b" ") * (need // (len(block) + 1) + 1)
    body = body[:need]
    # Cut back to a whole character, then pad with spaces to the exact size.
    body = body.decode("utf-8", errors="ignore").encode("utf-8")
    body += b" " * (need - len(body))
    with open(path, "wb") as f:
        f.write(body + tail + b"\n")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--outdir", default=".build/bench")
    p.add_argument("--count", type=int, default=1_000_000, help="messages in the dump")
    p.add_argument("--seed", type=int, default=6)
    p.add_argument("--single-mb", type=int, metavar="N",
                   help="only write msg-Nmb.txt, one line of N,000,000 bytes")
    a = p.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    if a.single_mb:
        write_single(os.path.join(a.outdir, "msg-%dmb.txt" % a.single_mb),
                     a.single_mb * 1_000_000, a.seed + 100)
        return 0
    write_dump(a.outdir, a.count, a.seed)
    for mb in (1, 2):
        write_single(os.path.join(a.outdir, "msg-%dmb.txt" % mb), mb * 1_000_000, a.seed + 100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
