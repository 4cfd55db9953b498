extension LanguageLexicon {
  /// Polish: codes from Polish banks, BLIK-era apps, couriers, parcel lockers and e-government
  /// (mObywatel, ePUAP).
  static let polish = LanguageLexicon(
    language: "pl", name: "Polish",
    strongCodeTerms: [
      "kod weryfikacyjn*", "kodu weryfikacyjn*", "kodem weryfikacyjn*", "kod autoryzacyjn*",
      "kodu autoryzacyjn*", "kodem autoryzacyjn*", "kod autoryzacji", "kod potwierdzając*",
      "kodu potwierdzając*", "kod potwierdzenia", "kodu potwierdzenia", "kod jednorazow*",
      "kodu jednorazow*", "kodem jednorazow*", "kod dostępu", "kodu dostępu", "kod dostępow*",
      "kod aktywacyjn*", "kodu aktywacyjn*", "kod aktywacji", "kod zabezpieczając*",
      "kod bezpieczeństwa", "kodu bezpieczeństwa", "kod logowania", "kodu logowania",
      "kod do logowania", "kod uwierzytelniając*", "kod uwierzytelnienia", "kod sms", "kodu sms",
      "kodem sms", "kod z sms*", "kod otp", "kod 2fa", "kod resetując*", "kod odblokowując*",
      "kod odzyskiwania", "kod do zmiany", "kod rejestracyjn*", "kod identyfikacyjn*",
      "kod transakcji", "hasło jednorazow*", "hasła jednorazow*", "hasłem jednorazow*", "hasło sms",
      "hasła sms", "hasło autoryzacyjn*", "hasło dostępu", "hasło tymczasow*", "kod tymczasow*",
      "pin jednorazow*", "jednorazow* kod*", "jednorazow* hasł*", "weryfikacyjn* kod*", "otp",
      "2fa",
    ],
    weakCodeTerms: [
      "kod", "kodu", "kodem", "kody", "kodów", "hasło", "hasła", "hasłem", "pin", "pin-u", "token*",
      "klucz*", "szyfr*", "potwierdz*", "zaloguj*", "zalogowa*", "logowani*", "weryfikacj*",
      "zweryfikuj*", "zweryfikowa*", "uwierzytelni*", "autoryzacj*", "autoryzuj*", "aktywuj*",
      "aktywacj*", "zatwierdz*",
    ],
    codeLinkers: [
      "to", "jest", "brzmi", "twój", "twoj", "twoja", "twoje", "twoim", "pański", "pani", "to:",
      "wynosi", "podaj", "wpisz", "wprowadź", "użyj",
    ],
    negativeTerms: [
      .reference: [
        "zamówieni*", "nr zamówienia", "numer zamówienia", "faktur*", "transakcj*", "referencj*",
        "rezerwacj*", "bilet*", "lot", "lotu", "numer lotu", "przesyłk*", "paczk*", "paczkomat*",
        "numer przesyłki", "śledzeni*", "nadani*", "nadawc*", "list przewozow*", "klient*",
        "numer klienta", "nr klienta", "umow*", "numer umowy", "polis*", "szkod*", "sprawa",
        "sprawy", "sygnatur*", "zgłoszeni*", "wniosek", "wniosku", "wizyt*", "miejsce", "wagon",
        "rząd", "rejestracyjn*", "pesel", "nip", "regon", "zlecenie", "zlecenia", "odbioru",
        "kod odbioru", "numer nadania", "identyfikator", "skrytk*",
      ],
      .phone: [
        "zadzwoń", "zadzwon", "dzwoń", "zadzwonić", "telefon*", "tel", "infolini*", "komórk*",
        "numer telefonu", "whatsapp", "biuro obsługi", "obsługa klienta", "obsługi klienta",
        "konsultant*", "kontakt", "skontaktuj", "skontaktuj się", "bezpłatn* numer", "fax",
        "pod numerem", "pod numer",
      ],
      .money: [
        "saldo", "kwot*", "zapłacon*", "płatnoś*", "opłat*", "obciążeni*", "obciążon*", "uznani*",
        "uznano", "zaksięgowan*", "przelew*", "zakup*", "cena", "ceny", "cenie", "suma", "razem",
        "łącznie", "wypłat*", "wpłat*", "pobran*", "rata", "raty", "ratę", "zwrot*", "prowizj*",
        "doładowani*", "doładowan*", "dostępn* środk*", "środki", "limit*", "zadłużeni*",
        "należnoś*", "do zapłaty", "na kwotę", "w kwocie", "vat", "blik", "odsetk*", "składk*",
        "rabat*",
      ],
      .account: [
        "kart*", "karta nr", "zakończon* na", "kończąc* się na", "końcówk*", "rachun*", "konto",
        "konta", "kontem", "numer konta", "nr rachunku", "iban",
      ],
      .address: [
        "kod pocztow*", "ulica", "ulicy", "ul.", "aleja", "alei", "plac", "osiedle", "piętro",
        "piętrze", "mieszkani*", "lokal*", "klatk*", "pokój", "pokoju", "sala", "sali", "gabinet*",
        "peron*", "tor", "bramk*", "gate", "terminal", "adres*", "punkt odbioru", "okienk*",
        "stanowisk*",
      ],
      .promo: [
        "kod rabatow*", "kodu rabatow*", "kod promocyjn*", "kodu promocyjn*", "kupon*", "bon",
        "bonu", "bony", "bonem",
        "voucher*", "karta podarunkow*", "karty podarunkow*", "promocj*", "rabat*", "zniżk*",
        "obniżk*", "okazj*", "gratis", "za darmo", "wyprzedaż*",
      ],
      .shortCode: [
        "wyślij", "wyslij", "odpowiedz", "odpisz", "stop na", "na numer", "wypisz", "rezygnacj*",
        "sms o treści", "sms-a o treści",
      ],
      .date: [
        "stycz*", "lut*", "marc*", "kwie*", "maj", "maja", "czerw*", "lip*", "sierp*", "wrze*",
        "paźdz*", "listopad*", "grud*", "sty", "mar", "kwi", "cze", "sie", "wrz", "paź", "lis",
        "gru", "poniedziałek", "poniedziałk*", "wtor*", "środa", "środę", "środy", "czwart*",
        "piąt*", "sobot*", "niedziel*", "dziś", "dzisiaj", "jutro", "godz", "godz.", "godzinie",
        "dnia", "dzień", "data", "datą", "termin*", "do dnia",
      ],
    ],
    durationUnits: [
      1: ["sekund*", "sek"],
      60: ["minut*", "min"],
      3600: ["godzin*", "godz", "h"],
      86400: ["dzień", "dni", "dnia", "doby", "dób"],
    ],
    expiryTerms: [
      "ważny przez", "ważna przez", "ważne przez", "jest ważny", "jest ważne", "ważny", "ważna",
      "ważność", "ważności", "wygasa", "wygaśnie", "traci ważność", "straci ważność", "ważny do",
      "w ciągu", "przez", "przez najbliższe", "w ciągu najbliższych", "termin ważności",
    ],
    currencyTerms: [
      "zł", "zl", "złot*", "zloty*", "pln", "groszy", "grosz*",
    ],
    safetyTerms: [
      "nie podawaj", "nikomu nie podawaj", "nie udostępniaj", "nie przekazuj",
      "nikomu nie przekazuj", "nie ujawniaj", "nie przekazuj go", "nie podawaj go",
      "nigdy nie podawaj", "nigdy nie udostępniaj", "nikomu", "nigdy nie prosi",
      "nigdy nie prosimy", "nigdy nie poprosimy", "nie prosimy", "pracownik banku",
      "jeśli to nie ty", "jeżeli to nie ty", "jeśli nie zlecałeś", "jeśli nie logowałeś",
      "nie zlecałeś", "oszust*", "wyłudz*",
    ])
}
