extension LanguageLexicon {
  /// French: codes from banks, apps, carriers, couriers and administrations in France, Belgium,
  /// Switzerland, Canada and Africa.
  static let french = LanguageLexicon(
    language: "fr", name: "French",
    strongCodeTerms: [
      "code de vérification", "code de sécurité", "code de confirmation", "code d'accès",
      "code d’accès", "code d'activation", "code d’activation", "code d'authentification",
      "code d’authentification", "code de validation", "code d'identification",
      "code d’identification", "code de connexion", "code à usage unique", "code unique",
      "code temporaire", "code provisoire", "code sms", "code par sms", "code otp", "code 2fa",
      "code de déverrouillage", "code de récupération", "code de réinitialisation",
      "code de signature", "code d'autorisation", "code d’autorisation", "code secret",
      "code de contrôle", "code confidentiel", "code d'opération", "code 3d secure",
      "mot de passe à usage unique", "mot de passe temporaire", "mot de passe unique",
      "mot de passe provisoire", "clé de sécurité", "clé de vérification", "numéro de vérification",
      "pin de vérification", "otp", "2fa", "3d secure",
    ],
    weakCodeTerms: [
      "code", "codes", "pin", "mot de passe", "mdp", "clé", "cle", "jeton", "token", "passcode",
      "connecter", "connectez", "connexion", "confirmer", "confirmez", "valider", "validez",
      "validation", "vérifier", "vérifiez", "authentifier", "authentifiez", "authentification",
      "activer", "activez", "autoriser", "identifiez-vous",
    ],
    codeLinkers: [
      "est", "sera", "votre", "ton", "ta", "vos", "est le", "est votre", "est ton", "voici",
      "saisissez", "saisis", "entrez", "entre", "utilisez", "utilise", "indiquez", "tapez",
    ],
    negativeTerms: [
      .reference: [
        "commande", "commandes", "n° de commande", "numéro de commande", "facture", "factures",
        "transaction", "opération", "référence", "réf", "dossier", "réservation", "réservations",
        "billet", "billets", "vol", "vols", "suivi", "numéro de suivi", "colis", "envoi",
        "expédition", "livraison", "client", "numéro client", "n° client", "contrat", "sinistre",
        "ticket", "demande", "place", "siège", "voiture", "rang", "immatriculation", "plaque",
        "rendez-vous", "rdv", "abonné", "abonnement", "numéro fiscal", "siret", "siren", "pnr",
        "convocation", "adhérent", "bordereau", "retrait", "consigne",
      ],
      .phone: [
        "appelez", "appelle", "appeler", "appel", "téléphone", "tél", "tel", "portable", "mobile",
        "whatsapp", "service client", "service clientèle", "numéro vert", "hotline", "standard",
        "joindre", "joignable", "contactez", "contacte", "composez", "fax", "conseiller",
        "serveur vocal", "messagerie",
      ],
      .money: [
        "solde", "montant", "payé", "paiement", "paiements", "prélèvement", "prélevé", "débit",
        "débité", "crédit", "crédité", "virement", "achat", "prix", "total", "retrait de",
        "remboursement", "remboursé", "frais", "facturé", "encaissé", "échéance", "mensualité",
        "découvert", "cotisation", "tarif", "réduction", "recharge", "rechargé", "disponible",
        "plafond", "tva", "ttc", "d'un montant de", "d’un montant de", "à payer",
      ],
      .account: [
        "carte", "carte n°", "se terminant par", "finissant par", "terminant par", "carte bancaire",
        "compte", "compte n°", "numéro de compte", "iban", "rib", "bic", "ligne",
      ],
      .address: [
        "code postal", "rue", "avenue", "boulevard", "place", "chemin", "allée", "impasse", "quai",
        "étage", "bâtiment", "bât", "appartement", "appt", "porte", "portail", "escalier", "salle",
        "chambre", "bureau", "guichet", "voie", "terminal", "adresse", "cedex", "point relais",
        "casier",
      ],
      .promo: [
        "code promo", "code promotionnel", "code de réduction", "code réduction",
        "bon de réduction", "coupon", "bon d'achat", "bon d’achat", "carte cadeau", "chèque cadeau",
        "promo", "promotion", "offre", "remise", "soldes", "réduction de", "gratuit", "offert",

      ],
      .shortCode: [
        "envoyez", "envoie", "répondez", "réponds", "stop au", "stop", "stop sms", "au numéro",
        "par sms au", "désabonner", "désinscrire", "se désabonner",
      ],
      .date: [
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
        "octobre", "novembre", "décembre", "janv", "févr", "fév", "avr", "juil", "sept", "oct",
        "nov", "déc", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
        "aujourd'hui", "aujourd’hui", "demain", "à partir de", "date", "heure", "heures", "depuis",
        "jusqu'au", "jusqu’au", "avant le", "prévu",
      ],
    ],
    durationUnits: [
      1: ["seconde", "secondes", "sec", "s"],
      60: ["minute", "minutes", "min", "mn", "mins"],
      3600: ["heure", "heures", "h"],
      86400: ["jour", "jours", "j"],
    ],
    expiryTerms: [
      "valable", "valable pendant", "valable pour", "valide", "valide pendant", "valable jusqu'à",
      "valable jusqu’à", "expire dans", "expire", "expirera", "expire le", "pendant", "durant",
      "dans les", "d'ici", "d’ici", "sous", "a une durée de validité de", "validité", "est valable",
    ],
    currencyTerms: [
      "euro*", "eur", "franc*", "chf", "fcfa", "cfa", "xof", "xaf", "dirham*", "mad", "dinar*",
      "centime*",
    ],
    safetyTerms: [
      "ne le communiquez", "ne le communique", "ne le communiquez à personne", "ne le partagez",
      "ne le partagez jamais", "ne partagez", "ne partagez jamais", "ne le transmettez",
      "ne le donnez", "ne divulguez", "ne communiquez jamais", "ne jamais communiquer",
      "ne jamais partager", "ne jamais transmettre", "ne vous demandera jamais",
      "ne vous demanderons jamais", "ne te demandera jamais", "jamais demandé", "à personne",
      "strictement personnel", "confidentiel", "si vous n'êtes pas à l'origine",
      "si vous n’êtes pas à l’origine", "si ce n'est pas vous", "si ce n’est pas vous", "fraude",
      "arnaque",
    ])
}
