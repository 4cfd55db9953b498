#!/usr/bin/env python3
"""Streams an SMS Backup & Restore XML of about N megabytes to stdout (deterministic).

For memory tests of the streaming reader, e.g.:
  python3 scripts/gen-big-xml.py 200 > /tmp/big.xml
  /usr/bin/time -v otpgrep --input xml /tmp/big.xml > /dev/null   # max RSS stays flat

Every 50th record is an MMS carrying a 256 KiB base64 "image" that the reader must skip without
storing. Usage: gen-big-xml.py MEGABYTES
"""
import sys

BODIES = [
    "Your Acme verification code is {n:06d}. It expires in 10 minutes.",
    "Ihr Bestätigungscode lautet {n:06d}. Geben Sie ihn niemals weiter.",
    "Order #{n} shipped &amp; will arrive Tuesday.&#10;Track: 1Z{n:010d}",
    "Код подтверждения: {n:04d}. Никому не сообщайте этот код. &#55357;&#56592;",
    "您的验证码是 {n:06d}，5分钟内有效。",
    "Payment of $%d.%02d approved &lt;ref {n}&gt;",
]
IMAGE = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo" * (256 * 1024 // 35)


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: gen-big-xml.py MEGABYTES")
    limit = int(sys.argv[1]) * 1024 * 1024
    out = sys.stdout.buffer
    written = 0
    head = b"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"0\">\n"
    out.write(head)
    written += len(head)
    n = 0
    date = 1773303302000
    while written < limit:
        n += 1
        date += 7919
        if n % 50 == 0:
            rec = (
                '  <mms date="%d" msg_box="1" address="+1555%07d">\n    <parts>\n'
                '      <part seq="0" ct="text/plain" text="Photo code %06d" />\n'
                '      <part seq="1" ct="image/jpeg" data="%s" />\n    </parts>\n  </mms>\n'
                % (date, n % 10000000, n % 1000000, IMAGE)
            )
        else:
            body = BODIES[n % len(BODIES)]
            if "%d" in body:
                body = body % (n % 5000, n % 100)
            rec = (
                '  <sms protocol="0" address="+1555%07d" date="%d" type="1" subject="null" '
                'body="%s" toa="null" sc_toa="null" service_center="null" read="1" status="-1" '
                'locked="0" />\n' % (n % 10000000, date, body.format(n=n % 1000000))
            )
        data = rec.encode("utf-8")
        out.write(data)
        written += len(data)
    out.write(b"</smses>\n")


if __name__ == "__main__":
    main()
