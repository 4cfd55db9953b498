#!/usr/bin/env python3
"""Writes the message-dump fixtures in Fixtures/dumps/ (deterministic, stdlib only).

Every text here is made up for these fixtures: one-time codes, distractors that look like codes
(order numbers, amounts, tracking numbers, phone numbers), in several languages. Broken files
exercise the readers' error paths; see Fixtures/dumps/README.md, which this script also writes.

Usage: python3 scripts/make-dumps.py [OUTPUT_DIR]   (default: Fixtures/dumps beside scripts/)
"""
import os
import sqlite3
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fixtures", "dumps")

# 2026-03-12T08:15:02Z in milliseconds since 1970; later messages count from here.
BASE_MS = 1773303302000
APPLE_EPOCH_MS = 978307200000


def path(name):
    return os.path.join(OUT, name)


def write_bytes(name, data):
    with open(path(name), "wb") as f:
        f.write(data)


def fresh_db(name):
    p = path(name)
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(p + suffix):
            os.remove(p + suffix)
    return sqlite3.connect(p)


# --------------------------------------------------------------------------------------------
# SMS Backup & Restore XML

def xml_attr(value):
    """Escapes an attribute value the way SMS Backup & Restore does: entities for markup
    characters, &#10; for newlines, and emoji outside the BMP as two UTF-16 surrogate references
    (the app is written in Java), unless keep_utf8 is set per message."""
    out = []
    for ch in value:
        cp = ord(ch)
        if ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch == '"':
            out.append("&quot;")
        elif ch == "'":
            out.append("&apos;")
        elif ch == "\n":
            out.append("&#10;")
        elif cp > 0xFFFF:
            v = cp - 0x10000
            out.append("&#%d;&#%d;" % (0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF)))
        else:
            out.append(ch)
    return "".join(out)


SMS = [
    # (address, minutes after BASE, type, body)
    ("+15550100", 0, 1, "Your Acme verification code is 482910. It expires in 10 minutes."),
    ("AcmeBank", 3, 1, "Transfer of $1,250.00 to account ending 4417 completed. Ref 88213409."),
    ("+15550199", 5, 2, "Running late, be there at 7:45 & bring the keys"),
    ("+4915110000", 9, 1, "Ihr Bestätigungscode lautet 739104. Geben Sie ihn niemals weiter."),
    ("+33612000000", 14, 1, "Votre code de connexion : 205 118\nNe le partagez avec personne."),
    ("Correos", 20, 1, "Su paquete ES2026031200417 llegará mañana. Código de recogida: 5531"),
    ("+79160000000", 31, 1, "Код подтверждения: 6619. Никому не сообщайте этот код."),
    ("+8613800000000", 42, 1, "【云服务】您的验证码是 902417，5分钟内有效。"),
    ("G-Verify", 47, 1, "G-318204 is your verification code. \U0001F510 Don't share it."),
    ("null", 55, 1, "Order #1183-2291 shipped <tracking 1Z999AA10123456784>"),
    ("+15550123", 61, 1, 'Use code "AB7K2Q" at checkout \u2014 10% off until Sunday'),
]

MMS_TEXT = "Group: your table code is 4471 \U0001F37D\nSee you at 8"


def sms_xml(truncate_at=None):
    lines = [
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
        "<!--File Created By OneTimeCode make-dumps.py; layout of SMS Backup & Restore-->",
        '<?xml-stylesheet type="text/xsl" href="sms.xsl"?>',
        '<smses count="%d" backup_set="3f1c0de2" backup_date="%d" type="full">'
        % (len(SMS) + 2, BASE_MS + 7200000),
    ]
    for i, (address, minutes, kind, body) in enumerate(SMS):
        date = BASE_MS + minutes * 60000
        lines.append(
            '  <sms protocol="0" address="%s" date="%d" type="%d" subject="null" body="%s" '
            'toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" '
            'date_sent="%d" sub_id="1" readable_date="Mar 12, 2026" contact_name="(Unknown)" />'
            % (xml_attr(address), date, kind, xml_attr(body), date - 2000)
        )
        if i == 4:
            # An MMS with a SMIL part, a text part, an image (base64) and from/to addresses.
            lines += [
                '  <mms date="%d" ct_t="application/vnd.wap.multipart.related" msg_box="1" '
                'address="+15550142~+15550100" sub="null" m_type="132" read="1">'
                % (BASE_MS + 16 * 60000),
                "    <parts>",
                '      <part seq="-1" ct="application/smil" name="null" chset="null" cd="null" '
                'fn="null" cid="&lt;smil&gt;" cl="smil.xml" text=\'&lt;smil&gt;&lt;body&gt;'
                '&lt;par dur="5000ms"&gt;&lt;text src="text_0.txt"/&gt;&lt;/par&gt;&lt;/body&gt;'
                "&lt;/smil&gt;' />",
                '      <part seq="0" ct="text/plain" name="null" chset="106" cd="null" fn="null" '
                'cid="&lt;text_0&gt;" cl="text_0.txt" text="%s" />' % xml_attr(MMS_TEXT),
                '      <part seq="1" ct="image/jpeg" name="photo.jpg" chset="null" cd="null" '
                'fn="null" cid="&lt;photo&gt;" cl="photo.jpg" data="%s" />'
                % ("/9j/4AAQSkZJRgABAQEASABIAAD" * 40),
                "    </parts>",
                "    <addrs>",
                '      <addr address="+15550142" type="137" charset="106" />',
                '      <addr address="+15550100" type="151" charset="106" />',
                "    </addrs>",
                "  </mms>",
            ]
        if i == 7:
            # An MMS with a picture only: no text, so no message.
            lines += [
                '  <mms date="%d" msg_box="1" address="+15550142" m_type="132">'
                % (BASE_MS + 44 * 60000),
                "    <parts>",
                '      <part seq="0" ct="image/png" data="iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB" />',
                "    </parts>",
                "  </mms>",
            ]
    lines.append("</smses>")
    text = "\n".join(lines) + "\n"
    data = text.encode("utf-8")
    if truncate_at is not None:
        # Cut inside the body attribute of the given sms element.
        marker = ('body="%s' % xml_attr(SMS[truncate_at][3])[:12]).encode("utf-8")
        data = data[: data.index(marker) + len(marker)]
    return data


ENTITIES_XML = """<?xml version="1.0" encoding="UTF-8"?>
<smses count="4">
  <sms address="Lab &amp; Co" date="1773303302000" type="1" body="a &lt;b&gt; &quot;c&quot; &apos;d&apos; &amp;amp;" />
  <sms address="+15550100" date="1773303362000" type="1" body="line1&#10;line2&#x9;tab &#x1F600; &#55357;&#56832; caf\u00e9 &#233;" />
  <sms address="+15550100" date="1773303422000" type="1" body="bad &bogus; entity" />
  <sms address='+15550100' date='1773303482000' type='2' body='single &#x27;quoted&#39;
  with a literal newline' />
</smses>
"""

BILLION_LAUGHS_XML = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE smses [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<smses count="1">
  <sms address="+15550100" date="1773303302000" type="1" body="&lol9;" />
</smses>
"""

XXE_XML = """<?xml version="1.0" encoding="UTF-8"?>
<smses count="2">
  <sms address="+15550100" date="1773303302000" type="1" body="Code 120034 before the DTD" />
<!DOCTYPE smses [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
  <sms address="+15550100" date="1773303362000" type="1" body="&secret;" />
</smses>
"""


# --------------------------------------------------------------------------------------------
# Android mmssms.db

ANDROID_SCHEMA = """
CREATE TABLE sms (_id INTEGER PRIMARY KEY, thread_id INTEGER, address TEXT, person INTEGER,
  date INTEGER, date_sent INTEGER DEFAULT 0, protocol INTEGER, read INTEGER DEFAULT 0,
  status INTEGER DEFAULT -1, type INTEGER, reply_path_present INTEGER, subject TEXT, body TEXT,
  service_center TEXT, locked INTEGER DEFAULT 0, sub_id INTEGER DEFAULT -1,
  error_code INTEGER DEFAULT 0, creator TEXT, seen INTEGER DEFAULT 0);
CREATE TABLE threads (_id INTEGER PRIMARY KEY AUTOINCREMENT, date INTEGER DEFAULT 0,
  message_count INTEGER DEFAULT 0, recipient_ids TEXT, snippet TEXT);
CREATE TABLE pdu (_id INTEGER PRIMARY KEY AUTOINCREMENT, thread_id INTEGER, date INTEGER,
  msg_box INTEGER, sub TEXT);
CREATE TABLE android_metadata (locale TEXT);
"""

ANDROID_ROWS = [
    # (_id, address, minutes, type, body)
    (1, "+15550100", 0, 1, "Your Acme verification code is 482910. It expires in 10 minutes."),
    (2, "+15550199", 2, 2, "ok, call me at 555-0142 after 6"),
    (3, "AcmeBank", 4, 1, "Card ending 4417: purchase of EUR 39.90 approved. Balance 1,204.11."),
    (5, "+4915110000", 7, 1, "Dein Anmeldecode: 884 210. Gültig für 5 Minuten."),
    (6, "+34600000000", 12, 1, "Tu código de verificación es 310-772. No lo compartas."),
    (8, None, 15, 3, "draft: pick up parcel 7731"),
    (9, "WhatsApp", 21, 1, "Your WhatsApp code: 418-209\nYou can also tap on this link to verify "
     "your phone: v.whatsapp.com/418209\n\nDon't share this code with others\n\n4sgLq1p5sV6"),
    (12, "+81900000000", 30, 1, "認証コード：557203 このコードを他人に教えないでください。"),
]


def make_android():
    db = fresh_db("mmssms.db")
    db.executescript(ANDROID_SCHEMA)
    db.execute("INSERT INTO android_metadata VALUES ('en_US')")
    for _id, address, minutes, kind, body in ANDROID_ROWS:
        date = BASE_MS + minutes * 60000
        db.execute(
            "INSERT INTO sms (_id, thread_id, address, date, date_sent, protocol, read, type, "
            "body, seen) VALUES (?, 1, ?, ?, ?, 0, 1, ?, ?, 1)",
            (_id, address, date, date - 1500, kind, body),
        )
    db.commit()
    db.close()


# --------------------------------------------------------------------------------------------
# Apple sms.db / chat.db, with typedstream attributedBody blobs

def ts_int(n):
    """A typedstream integer: one byte below 0x80, else 0x81 + int16 or 0x82 + int32 (LE)."""
    if 0 <= n < 0x80:
        return bytes([n])
    if n < 0x8000:
        return b"\x81" + n.to_bytes(2, "little")
    return b"\x82" + n.to_bytes(4, "little")


def ts_class(name, version):
    raw = name.encode("ascii")
    return b"\x84\x84" + ts_int(len(raw)) + raw + ts_int(version)


def attributed_body(text, mutable_string=False):
    """An NSAttributedString archived as NSArchiver would: header, class chain, the string's
    UTF-8 bytes after the '+' type string, then one attribute run (a dictionary)."""
    raw = text.encode("utf-8")
    utf16_length = len(text.encode("utf-16-le")) // 2
    out = b"\x04\x0bstreamtyped\x81\xe8\x03"  # version 4, signature, system 1000
    out += b"\x84\x01@"  # type string "@": an object follows
    out += b"\x84" + ts_class("NSMutableAttributedString", 0)
    out += ts_class("NSAttributedString", 0) + ts_class("NSObject", 0) + b"\x85"
    out += b"\x92"  # "@" again, by reference: the string object
    string_class = "NSMutableString" if mutable_string else "NSString"
    out += b"\x84" + ts_class(string_class, 1) + b"\x95"  # superclass: NSObject, by reference
    out += b"\x84\x01+" + ts_int(len(raw)) + raw + b"\x86"
    # The attribute runs: type "iI", run (index 1, length), a dictionary with one entry.
    out += b"\x84\x02iI\x01" + ts_int(utf16_length)
    out += b"\x92\x84" + ts_class("NSDictionary", 0) + b"\x95\x84\x01i\x01"
    key = b"__kIMMessagePartAttributeName"
    out += b"\x92\x84\x97\x97" + ts_int(len(key)) + key + b"\x86"
    out += b"\x92\x84" + ts_class("NSNumber", 0) + ts_class("NSValue", 0) + b"\x95"
    out += b"\x84\x01*\x84\x9a\x9a\x00\x86\x86\x86"
    return out


APPLE_SCHEMA = """
CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL,
  country TEXT, service TEXT NOT NULL, uncanonicalized_id TEXT, person_centric_id TEXT);
CREATE TABLE chat (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL,
  style INTEGER, chat_identifier TEXT, service_name TEXT);
CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL,
  text TEXT, replace INTEGER DEFAULT 0, service_center TEXT, handle_id INTEGER DEFAULT 0,
  subject TEXT, country TEXT, attributedBody BLOB, version INTEGER DEFAULT 0,
  type INTEGER DEFAULT 0, service TEXT, account TEXT, date INTEGER, date_read INTEGER,
  date_delivered INTEGER, is_delivered INTEGER DEFAULT 0, is_finished INTEGER DEFAULT 0,
  is_from_me INTEGER DEFAULT 0, is_read INTEGER DEFAULT 0, cache_has_attachments INTEGER
  DEFAULT 0, associated_message_type INTEGER DEFAULT 0);
CREATE TABLE chat_message_join (chat_id INTEGER, message_id INTEGER, message_date INTEGER
  DEFAULT 0, PRIMARY KEY (chat_id, message_id));
"""

LONG_TEXT = (
    "Your Northwind Health portal sign-in code is 650912. For your security, never share this "
    "code with anyone, including our staff. If you did not request it, ignore this message; "
    "your account remains safe. Reply STOP to opt out."
)
LONG_NON_ASCII = (
    "Ваш код для входа: 731 554. Никому его не сообщайте — сотрудники банка никогда не "
    "спрашивают код. Если вы не запрашивали вход, позвоните по номеру на обороте карты. \U0001F6E1"
)

# (ROWID, handle ROWID, date kind, minutes, is_from_me, text or None, body text or None)
APPLE_ROWS = [
    (1, 1, "s", -5000000, 0, "Your old Acme code is 119382", None),  # 2016, seconds
    (2, 1, "ns", 0, 0, None, "Your Acme verification code is 482910."),
    (3, 2, "ns", 2, 1, "See you at 7:45, gate B12", None),
    (4, 3, "ns", 5, 0, None, LONG_TEXT),  # length >= 128: 0x81 form
    (5, 4, "ns", 9, 0, None, LONG_NON_ASCII),  # >= 128 bytes of UTF-8
    (6, 5, "ns", 11, 0, None, "Code de vérification : 408 227 \U0001F510"),
    (7, 3, "ns", 12, 0, None, None),  # an attachment only: no text at all
    (9, 0, "ns", 20, 0, "Apple ID code: 903 117. Don't share it.", None),  # no handle
    (10, 2, "ns", 25, 0, None, "mutable:Order 55120 is ready for pickup, PIN 8841"),
]

HANDLES = [
    (1, "+15550100", "SMS"),
    (2, "friend@example.com", "iMessage"),
    (3, "+15550177", "SMS"),
    (4, "+79160000000", "SMS"),
    (5, "+33612000000", "SMS"),
]


def apple_date(kind, minutes):
    ms = BASE_MS + minutes * 60000 - APPLE_EPOCH_MS
    return ms // 1000 if kind == "s" else ms * 1000000


def make_apple(name, cut_rows=()):
    db = fresh_db(name)
    db.executescript(APPLE_SCHEMA)
    for rowid, handle, service in HANDLES:
        db.execute(
            "INSERT INTO handle (ROWID, id, country, service) VALUES (?, ?, 'us', ?)",
            (rowid, handle, service),
        )
    db.execute("INSERT INTO chat (ROWID, guid, style) VALUES (1, 'SMS;-;+15550100', 45)")
    for rowid, handle, kind, minutes, from_me, text, body in APPLE_ROWS:
        blob = None
        if body is not None:
            mutable = body.startswith("mutable:")
            blob = attributed_body(body[len("mutable:"):] if mutable else body, mutable)
            if rowid in cut_rows:
                blob = blob[: blob.index(b"\x84\x01+") + 3 + 2 + 40]  # inside the text
        elif text is not None:
            blob = attributed_body(text)
        db.execute(
            "INSERT INTO message (ROWID, guid, text, handle_id, attributedBody, service, date, "
            "is_from_me, is_finished, cache_has_attachments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)",
            (rowid, "GUID-%04d" % rowid, text, handle, blob, "SMS", apple_date(kind, minutes),
             from_me, 1 if rowid == 7 else 0),
        )
        db.execute("INSERT INTO chat_message_join VALUES (1, ?, ?)", (rowid, apple_date(kind, minutes)))
    db.commit()
    db.close()


def make_no_table():
    db = fresh_db("no-message-table.db")
    db.executescript(
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT);"
        "INSERT INTO notes (title, body) VALUES ('groceries', 'eggs, 12 limes');"
    )
    db.commit()
    db.close()


# --------------------------------------------------------------------------------------------
# CSV

def csv_field(value, delimiter):
    if any(c in value for c in (delimiter, '"', "\n", "\r")):
        return '"' + value.replace('"', '""') + '"'
    return value


def csv_text(rows, delimiter, newline="\r\n"):
    return newline.join(delimiter.join(csv_field(v, delimiter) for v in row) for row in rows) + newline


CSV_ROWS = [
    ["id", "date", "sender", "text"],
    ["101", "2026-03-12T08:15:02Z", "+15550100", "Your Acme verification code is 482910."],
    ["102", "2026-03-12T08:18:02Z", "AcmeBank", 'Payment of $64.20 to "Corner Café" approved'],
    ["103", "2026-03-12T08:21:02+01:00", "+4915110000", "Ihr Code: 739104\nGültig 10 Minuten."],
    ["104", "1773303722000", "Correos", "Envío ES2026031200417, código de recogida 5531"],
    ["105", "", "", "no sender, no date; code 2048-77?"],
]


def unterminated_csv():
    head = csv_text(CSV_ROWS[:3], ",", "\n")
    broken = '104,2026-03-12T08:30:00Z,+15550100,"Your code is 990314\n'
    tail = "105,2026-03-12T08:31:00Z,+15550101,Second code 220719\n"
    return (head + broken + tail).encode("utf-8")


README = """# Message dump fixtures

Generated by `python3 scripts/make-dumps.py` (deterministic; re-run it after changing it and
commit the result). Every message is invented for these fixtures.

| file | what it holds |
|---|---|
| `sms-backup.xml` | SMS Backup & Restore XML: 11 SMS in 7 languages, entities, `&#10;`, an emoji as two surrogate references, an MMS with SMIL, text, a base64 image and addresses, an MMS with no text (skipped) |
| `sms-entities.xml` | entity and character references, one undefined entity (an error for that record only), single-quoted attributes with a literal newline |
| `sms-truncated.xml` | `sms-backup.xml` cut inside the 9th SMS body: 8 SMS and 1 MMS come out, then an error at line 29 |
| `sms-billion-laughs.xml` | a DTD with nested entities: refused at line 2 |
| `sms-xxe.xml` | one good SMS, then a DTD with an external entity: the SMS, then a refusal at line 4 |
| `mmssms.db` | Android `sms` table (8 rows, ids with gaps, a draft with no address) |
| `chat.db` | Apple `message` + `handle`: a 2016 row dated in seconds, nanosecond dates, text only in `attributedBody` (short, >= 128 bytes, non-ASCII, `NSMutableString`), a row with no text (skipped), a row with no handle |
| `chat-cut-blob.db` | as `chat.db`, but the `attributedBody` of ROWID 4 is cut short: an error for row 4, every other row comes out |
| `not-sqlite.db` | a text file named `.db` |
| `no-message-table.db` | an SQLite database with only a `notes` table |
| `messages.csv` | comma-separated, CRLF, quoted fields with doubled quotes and a line break, ISO and epoch-ms dates, empty fields |
| `messages-semicolon.csv` | the same rows, `;`-separated, the text column named `Body` |
| `messages.tsv` | the same rows, tab-separated, LF line ends |
| `unterminated.csv` | a quote opened on line 4 and never closed: records 1-2, an error for line 4, then line 5 |
"""


def main():
    os.makedirs(OUT, exist_ok=True)
    write_bytes("sms-backup.xml", sms_xml())
    write_bytes("sms-truncated.xml", sms_xml(truncate_at=8))
    write_bytes("sms-entities.xml", ENTITIES_XML.encode("utf-8"))
    write_bytes("sms-billion-laughs.xml", BILLION_LAUGHS_XML.encode("utf-8"))
    write_bytes("sms-xxe.xml", XXE_XML.encode("utf-8"))
    make_android()
    make_apple("chat.db")
    make_apple("chat-cut-blob.db", cut_rows=(4,))
    make_no_table()
    write_bytes("not-sqlite.db", b"This is a plain text note, not a database.\nCode 1234\n")
    write_bytes("messages.csv", csv_text(CSV_ROWS, ",").encode("utf-8"))
    semicolon = [["ID", "Date", "From", "Body"]] + CSV_ROWS[1:]
    write_bytes("messages-semicolon.csv", csv_text(semicolon, ";").encode("utf-8"))
    write_bytes("messages.tsv", csv_text(CSV_ROWS, "\t", "\n").encode("utf-8"))
    write_bytes("unterminated.csv", unterminated_csv())
    with open(path("README.md"), "w", encoding="utf-8") as f:
        f.write(README)


if __name__ == "__main__":
    main()
