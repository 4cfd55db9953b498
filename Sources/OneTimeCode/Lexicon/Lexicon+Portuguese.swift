extension LanguageLexicon {
  /// Portuguese: codes as Brazilian and Portuguese banks, apps, couriers and public services send
  /// them.
  static let portuguese = LanguageLexicon(
    language: "pt", name: "Portuguese",
    strongCodeTerms: [
      "código de verificação", "código de segurança", "código de confirmação", "código de acesso",
      "código de ativação", "código de activação", "código de autenticação",
      "código de autorização", "código de validação", "código de uso único", "código único",
      "código temporário", "código de login", "código de entrada", "código sms", "código por sms",
      "código otp", "código 2fa", "código de desbloqueio", "código de recuperação",
      "código de identificação", "código de transação", "código de transacção",
      "código de operação", "código token", "código dinâmico", "código de assinatura",
      "código mb way", "senha de uso único", "senha temporária", "senha dinâmica",
      "senha de acesso", "senha de verificação", "senha de confirmação", "senha sms", "senha única",
      "senha otp", "palavra-passe temporária", "palavra-passe de uso único", "chave de verificação",
      "chave de segurança", "chave de acesso", "chave móvel digital", "pin de verificação",
      "pin de segurança", "pin temporário", "token de segurança", "número de verificação", "otp",
      "2fa",
    ],
    weakCodeTerms: [
      "código", "códigos", "cód", "senha", "senhas", "palavra-passe", "chave", "pin", "token",
      "passcode", "code", "confirmar", "confirme", "validar", "valide", "validação", "verificar",
      "verifique", "autenticar", "autenticação", "acessar", "aceder", "iniciar sessão", "ativar",
      "autorizar",
    ],
    codeLinkers: [
      "é", "será", "seu", "sua", "teu", "tua", "o seu", "a sua", "o teu", "a tua", "é o", "é a",
      "use", "usa", "utilize", "utiliza", "digite", "insira", "introduza", "informe",
    ],
    negativeTerms: [
      .reference: [
        "pedido", "pedidos", "encomenda", "encomendas", "fatura", "factura", "faturas",
        "nota fiscal", "transação", "transacção", "referência", "ref", "reserva", "reservas",
        "bilhete", "bilhetes", "ingresso", "ingressos", "voo", "voos", "rastreio", "rastreamento",
        "código de rastreio", "código de rastreamento", "objeto", "objecto", "envio", "remessa",
        "pacote", "encomenda nº", "entrega", "cliente", "nº de cliente", "número de cliente",
        "protocolo", "processo", "caso", "chamado", "contrato", "apólice", "matrícula", "placa",
        "lugar", "assento", "poltrona", "consulta", "agendamento", "cpf", "cnpj", "nif", "boleto",
        "guia", "documento", "solicitação", "ticket", "localizador", "entidade",
      ],
      .phone: [
        "ligue", "ligar", "liga", "telefone", "tel", "telemóvel", "celular", "whatsapp",
        "central de atendimento", "atendimento", "apoio ao cliente", "linha de apoio", "sac",
        "ouvidoria", "número gratuito", "linha gratuita", "contacte", "contate", "contacto",
        "contato", "fale conosco", "fax",
      ],
      .money: [
        "saldo", "valor", "montante", "pago", "paga", "pagamento", "pagamentos", "débito",
        "debitado", "debitada", "crédito", "creditado", "creditada", "compra", "compras", "preço",
        "total", "cobrança", "cobrado", "levantamento", "saque", "transferência", "pix", "ted",
        "doc", "mb way", "parcela", "parcelas", "prestação", "fatura de", "desconto", "reembolso",
        "estorno", "tarifa", "taxa", "recarga", "carregamento", "limite", "disponível", "dívida",
        "juros", "iva", "no valor de", "aprovada",
      ],
      .account: [
        "cartão", "cartão final", "final", "terminado em", "terminada em", "com final", "conta",
        "conta corrente", "conta nº", "agência", "iban", "nib", "chave pix",
      ],
      .address: [
        "cep", "código postal", "rua", "avenida", "praça", "travessa", "largo", "estrada",
        "rodovia", "andar", "apto", "apartamento", "bloco", "sala", "porta", "portão", "loja",
        "plataforma", "cais", "terminal", "bairro", "lote", "endereço", "morada", "balcão",
        "guiché", "guichê", "quarto",
      ],
      .promo: [
        "cupom", "cupão", "cupons", "código promocional", "código de desconto", "cupom de desconto",
        "vale", "vale-presente", "cartão presente", "cartão-presente", "voucher", "promoção",
        "oferta", "cashback", "grátis", "gratuito", "desconto de", "use o cupom",
      ],
      .shortCode: [
        "envie", "envia", "responda", "responde", "sair para", "para o número", "mande",
        "para cancelar", "para parar", "sms para", "grátis para",
      ],
      .date: [
        "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
        "outubro", "novembro", "dezembro", "jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago",
        "set", "out", "nov", "dez", "segunda", "segunda-feira", "terça", "terça-feira", "quarta",
        "quarta-feira", "quinta", "quinta-feira", "sexta", "sexta-feira", "sábado", "domingo",
        "hoje", "amanhã", "às", "dia", "data", "hora", "horas", "hrs", "horário", "até dia",
        "desde",
      ],
    ],
    durationUnits: [
      1: ["segundo", "segundos", "seg"],
      60: ["minuto", "minutos", "min", "mins"],
      3600: ["hora", "horas", "h", "hr", "hrs"],
      86400: ["dia", "dias"],
    ],
    expiryTerms: [
      "válido por", "válida por", "válido durante", "válida durante", "expira em", "expira",
      "expira dentro de", "vence em", "vence", "validade de", "válido até", "válida até",
      "dentro de", "nos próximos", "durante", "é válido", "é válida", "tem validade", "caduca",
      "caduca em",
    ],
    currencyTerms: [
      "real", "reais", "r$", "brl", "euro*", "cêntimo*", "centavo*", "kwanza*", "metical",
      "meticais", "escudo*",
    ],
    safetyTerms: [
      "não compartilhe", "nunca compartilhe", "não partilhe", "nunca partilhe", "não o partilhe",
      "não o compartilhe", "não forneça", "não informe", "não divulgue", "não revele",
      "não repasse", "nunca pedimos", "nunca pediremos", "nunca solicitamos", "nunca solicitará",
      "nunca vamos pedir", "nunca irá pedir", "não peça", "com ninguém",
      "é pessoal e intransmissível", "pessoal e intransferível", "se não foi você",
      "se não foi você quem solicitou", "se não fez este pedido", "se não solicitou", "fraude",
      "golpe", "burla",
    ])
}
