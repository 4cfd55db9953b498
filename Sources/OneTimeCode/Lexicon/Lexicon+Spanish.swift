extension LanguageLexicon {
  /// Spanish: codes from banks, apps, couriers and public services in Spain and Latin America.
  static let spanish = LanguageLexicon(
    language: "es", name: "Spanish",
    strongCodeTerms: [
      "código de verificación", "código de seguridad", "código de confirmación", "código de acceso",
      "código de activación", "código de autenticación", "código de autorización",
      "código de validación", "código de un solo uso", "código de uso único", "código único",
      "código temporal", "código de inicio de sesión", "código de ingreso", "código de login",
      "código sms", "código por sms", "código otp", "código 2fa", "código de firma",
      "código de operación", "código de identificación", "código de recuperación",
      "código de desbloqueo", "código dinámico", "código token", "clave de verificación",
      "clave de seguridad", "clave de confirmación", "clave de acceso", "clave temporal",
      "clave dinámica", "clave de un solo uso", "clave única", "clave otp", "clave sms",
      "clave de firma", "clave de operación", "clave de operaciones", "contraseña de un solo uso",
      "contraseña temporal", "pin de verificación", "pin de seguridad", "pin temporal",
      "pin de un solo uso", "token de seguridad", "token digital", "número de verificación",
      "número de confirmación", "otp", "2fa",
    ],
    weakCodeTerms: [
      "código", "códigos", "clave", "claves", "contraseña", "pin", "token", "cód", "cod",
      "passcode", "code", "confirmar", "confirma", "confirmes", "verificar", "verifica", "validar",
      "autenticar", "autenticación", "iniciar sesión", "inicio de sesión", "acceder", "activar",
      "autorizar", "autoriza",
    ],
    codeLinkers: [
      "es", "será", "son", "tu", "su", "es el", "es la", "es tu", "es su", "utiliza", "usa", "use",
      "introduce", "ingresa", "ingrese", "introduzca", "digita", "digite",
    ],
    negativeTerms: [
      .reference: [
        "pedido", "pedidos", "orden", "n.º de pedido", "número de pedido", "nº pedido", "factura",
        "facturas", "transacción", "operación nº", "referencia", "ref", "localizador", "reserva",
        "reservas", "billete", "entrada", "entradas", "vuelo", "vuelos", "seguimiento",
        "número de seguimiento", "envío", "envíos", "paquete", "paquetes", "expedición", "albarán",
        "cliente", "número de cliente", "nº de cliente", "expediente", "caso", "incidencia",
        "ticket", "contrato", "póliza", "matrícula", "asiento", "fila", "guía", "número de guía",
        "folio", "rastreo", "tracking", "cita", "turno", "dni", "nie", "nif", "cif", "rut", "curp",
        "cuit", "solicitud", "trámite", "lote", "modelo",
      ],
      .phone: [
        "llama", "llame", "llámanos", "llámenos", "teléfono", "tel", "tlf", "telf", "móvil",
        "celular", "whatsapp", "atención al cliente", "servicio al cliente", "línea gratuita",
        "número gratuito", "centralita", "contacta", "contáctanos", "comunícate", "comuníquese",
        "marque", "fax",
      ],
      .money: [
        "saldo", "importe", "monto", "pagado", "pago", "pagos", "abono", "abonado", "cargo",
        "cargado", "cobro", "cobrado", "compra", "precio", "total", "débito", "debitado",
        "retirada", "retiro", "transferencia", "bizum", "recibo", "cuota", "deuda", "adeudo",
        "ingreso de", "por valor de", "descuento", "reembolso", "devolución", "comisión", "recarga",
        "recargado", "disponible", "crédito", "préstamo", "iva", "impuesto", "mensualidad",
        "tarifa",
      ],
      .account: [
        "tarjeta", "tarjeta terminada en", "terminada en", "acabada en", "finalizada en",
        "que termina en", "terminación", "cuenta", "cuenta terminada en", "nº de cuenta", "iban",
        "clabe", "cbu", "cuenta corriente", "línea móvil",
      ],
      .address: [
        "código postal", "calle", "avenida", "avda", "plaza", "piso", "planta", "puerta", "portal",
        "escalera", "sala", "habitación", "andén", "terminal", "colonia", "carrera", "barrio",
        "dirección", "oficina", "sucursal", "consulta", "box",
      ],
      .promo: [
        "código promocional", "código de descuento", "código promo", "cupón", "cupones", "vale",
        "cheque regalo", "tarjeta regalo", "promoción", "oferta", "rebajas", "descuento de",
        "gratis",
      ],
      .shortCode: [
        "envía", "envia", "envíe", "responde", "responda", "baja al", "stop al", "baja",
        "al número", "manda", "mande", "sms al", "enviando",
      ],
      .date: [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
        "setiembre", "octubre", "noviembre", "diciembre", "ene", "feb", "mar", "abr", "may", "jun",
        "jul", "ago", "sep", "sept", "oct", "nov", "dic", "lunes", "martes", "miércoles", "jueves",
        "viernes", "sábado", "domingo", "hoy", "mañana", "a las", "el día", "fecha", "hora",
        "horas", "hrs", "día", "desde", "hasta el",
      ],
    ],
    durationUnits: [
      1: ["segundo", "segundos", "seg", "segs"],
      60: ["minuto", "minutos", "min", "mins"],
      3600: ["hora", "horas", "h", "hr", "hrs"],
      86400: ["día", "días"],
    ],
    expiryTerms: [
      "válido por", "válida por", "válido durante", "válida durante", "vigencia de", "vigente por",
      "vigente durante", "caduca en", "caduca", "expira en", "expira", "vence en", "vence",
      "válido hasta", "válida hasta", "durante", "en los próximos", "dentro de",
      "tiene una validez de", "es válido", "es válida", "validez",
    ],
    currencyTerms: [
      "euro*", "peso*", "mxn", "cop", "clp", "ars", "pen", "soles", "bolívar*", "dólar*", "colón",
      "colones", "quetzal*", "lempira*", "córdoba*", "guaraní*", "uyu",
    ],
    safetyTerms: [
      "no lo compartas", "no la compartas", "no lo compartas con nadie",
      "no la compartas con nadie", "no compartas", "no comparta", "no lo comparta",
      "no la comparta", "nunca te pediremos", "nunca le pediremos", "nunca te solicitaremos",
      "nunca le solicitaremos", "nunca compartas", "nunca comparta", "no facilites", "no facilite",
      "no lo facilites", "no lo facilite", "es personal e intransferible",
      "personal e intransferible", "nadie de", "no reveles", "no revele", "no lo reenvíes",
      "si no has sido tú", "si no fuiste tú", "si no lo solicitaste", "si no solicitaste",
      "si usted no lo solicitó", "fraude", "estafa",
    ])
}
