import type { Messages } from "../en/index.ts";
import type { LegalDocument, LegalStudio } from "../en/legal.ts";
import { deName } from "../../domain/french.ts";

export const legal: Messages["legal"] = {
  updated: (date: string) => `Dernière mise à jour\u00a0: ${date}`,
  footerLegal: "Mentions légales",
  privacy: (studio: LegalStudio): LegalDocument => ({
    title: "Politique de confidentialité",
    description: `Ce que nous recueillons à votre sujet chez ${studio.name}, pourquoi, combien de temps, et comment le consulter, le corriger ou le supprimer.`,
    intro: `${studio.name} est un petit atelier d’impression 3D situé à ${studio.city}. Nous ne recueillons que ce qu’il faut pour vous vendre des impressions, répondre à vos messages et protéger le site. Cette politique suit la Loi sur la protection des renseignements personnels dans le secteur privé du Québec (modifiée par la Loi 25) et la LPRPDE fédérale.`,
    sections: [
      {
        heading: "Responsable de vos renseignements personnels",
        paragraphs: [
          `La personne responsable de la protection des renseignements personnels est la propriétaire de l’atelier. Écrivez à ${studio.email} ou appelez au ${studio.phone}, ou écrivez à ${studio.name}, ${studio.city}, Canada. Toute question ou demande au sujet de vos renseignements lui est adressée.`,
        ],
      },
      {
        heading: "Ce que nous recueillons et pourquoi",
        paragraphs: [
          "Votre compte\u00a0: votre nom d’utilisateur, votre adresse courriel et votre mot de passe (conservé seulement sous forme de hachage, jamais lisible). Ils servent à vous connecter et à vous montrer vos commandes.",
          "Vos commandes\u00a0: les articles, quantités, prix, taxes et dates, et les coordonnées de livraison que vous nous donnez. Elles servent à fabriquer, expédier ou vous remettre votre commande, et à tenir la comptabilité exigée par la loi.",
          "Les paiements par carte passent par notre processeur de paiement. Nous ne voyons ni ne conservons jamais le numéro complet de votre carte\u00a0; nous gardons l’état du paiement et, au plus, les quatre derniers chiffres de la carte.",
          "Vos messages\u00a0: le nom, l’adresse courriel, le téléphone (facultatif), le type de projet et le message envoyés par le formulaire de contact, pour vous répondre. Si vous cochez la case de l’infolettre, nous conservons ce consentement avec sa date et le texte accepté\u00a0; la case n’est jamais cochée à votre place.",
          "Renseignements techniques\u00a0: un témoin de session pendant que vous êtes connecté, un témoin pour votre langue et votre thème, et l’adresse de votre connexion pendant peu de temps, pour bloquer les abus (trop de tentatives). Aucun témoin publicitaire ou de pistage, aucune mesure d’audience par un tiers.",
        ],
      },
      {
        heading: "Avec qui nous les partageons",
        paragraphs: [
          "Nous ne vendons ni ne louons jamais vos renseignements. Nous les communiquons seulement au besoin\u00a0: au processeur de paiement pour un paiement par carte, au transporteur qui livre votre colis (nom et adresse) et au service qui envoie nos courriels. Chacun ne peut s’en servir qu’à cette fin.",
        ],
      },
      {
        heading: "Combien de temps nous les conservons",
        paragraphs: [
          "Votre compte\u00a0: jusqu’à ce que vous le supprimiez.",
          "Les commandes\u00a0: six ans après la fin de l’année d’imposition de la commande, comme l’exigent les lois fiscales. Si vous supprimez votre compte, vos commandes sont conservées sans votre nom ni votre courriel.",
          "Les messages\u00a0: au plus deux ans après notre dernier échange, puis ils sont supprimés\u00a0; plus tôt si vous le demandez.",
          "Les adresses de connexion utilisées contre les abus\u00a0: quelques heures au plus.",
        ],
      },
      {
        heading: "Vos droits\u00a0: accès, rectification, suppression",
        paragraphs: [
          "Vous pouvez consulter les renseignements que nous détenons à votre sujet, les faire corriger et les faire supprimer. Une fois connecté, votre profil vous permet de tout télécharger dans un fichier («\u00a0Télécharger mes données\u00a0») et de supprimer votre compte («\u00a0Supprimer mon compte\u00a0»).",
          `Pour toute autre demande, ou si vous n’avez pas de compte, écrivez à ${studio.email}. Nous répondons dans les 30 jours. Vous pouvez retirer votre consentement à l’infolettre en tout temps en répondant à une infolettre ou en nous écrivant.`,
          "Si notre réponse ne vous satisfait pas, vous pouvez porter plainte à la Commission d’accès à l’information du Québec.",
        ],
      },
      {
        heading: "Sécurité et incidents",
        paragraphs: [
          "Seul le personnel de l’atelier qui en a besoin a accès à vos renseignements. Le site est servi par une connexion chiffrée, les mots de passe sont hachés et l’espace administration exige un compte administrateur. Si un incident fait courir un risque de préjudice sérieux à vos renseignements, nous vous en avisons sans tarder, ainsi que la Commission d’accès à l’information.",
        ],
      },
    ],
  }),
  terms: (studio: LegalStudio): LegalDocument => ({
    title: "Conditions de vente",
    description: `Comment acheter chez ${studio.name}\u00a0: prix, paiement, livraison et cueillette.`,
    intro: `Ces conditions s’appliquent à tout achat dans la boutique en ligne ${deName(studio.name)}. Elles ne limitent pas les droits que vous accorde la Loi sur la protection du consommateur du Québec ou la loi de votre province.`,
    sections: [
      {
        heading: "Prix et taxes",
        paragraphs: [
          "Les prix sont en dollars canadiens. Le prix facturé est celui affiché au moment de la commande\u00a0; un changement ultérieur ne le modifie pas. Les taxes de vente, et la livraison s’il y a lieu, sont indiquées avant le paiement.",
        ],
      },
      {
        heading: "Commande et paiement",
        paragraphs: [
          "Une commande passée est une demande ferme\u00a0: nous vous réservons ses articles pendant un temps limité, le temps de payer par carte. Sans paiement dans ce délai, la commande expire et les articles sont remis en vente. La commande est confirmée quand le paiement réussit\u00a0; vous pouvez la suivre dans votre profil.",
          "Si un article se révèle finalement indisponible, nous vous en avisons et vous le remboursons entièrement.",
        ],
      },
      {
        heading: "Livraison et cueillette",
        paragraphs: [
          `Nous livrons partout au Canada, avec suivi, habituellement de 3 à 5 jours ouvrables après le paiement pour les articles en stock. Vous pouvez aussi passer chercher votre commande à l’atelier, à ${studio.city}, sur rendez-vous. Les travaux sur mesure ont la date convenue dans leur soumission.`,
          "Le colis voyage à nos risques jusqu’à sa livraison. S’il arrive endommagé ou n’arrive pas, dites-le-nous\u00a0: nous le remplaçons ou le remboursons.",
        ],
      },
      {
        heading: "Retours et garantie",
        paragraphs: [
          "Les retours et remboursements suivent notre politique de retour. Tout article est couvert par la garantie légale de qualité\u00a0: il doit servir à son usage normal pendant une durée raisonnable.",
        ],
      },
      {
        heading: "Contact et droit applicable",
        paragraphs: [
          `Questions sur une commande\u00a0: ${studio.email} ou ${studio.phone}. Ces conditions sont régies par les lois du Québec et du Canada.`,
        ],
      },
    ],
  }),
  returns: (studio: LegalStudio): LegalDocument => ({
    title: "Retours et remboursements",
    description: `Vous avez changé d’avis ou reçu une impression défectueuse\u00a0? Comment fonctionnent les retours et les remboursements chez ${studio.name}.`,
    intro:
      "Nous voulons que votre impression vous plaise. Voici ce que nous reprenons, et comment vous êtes remboursé.",
    sections: [
      {
        heading: "Vous avez changé d’avis",
        paragraphs: [
          "Vous pouvez retourner un article de la boutique dans les 30 jours suivant sa réception, inutilisé et dans son état d’origine. Les frais de retour sont à votre charge, ou rapportez-le à l’atelier sur rendez-vous.",
          "Les articles fabriqués ou personnalisés pour vous (impression sur mesure, pièce peinte, pièce faite selon vos mesures ou votre fichier) ne peuvent pas être retournés pour un changement d’avis, puisque personne d’autre ne peut s’en servir.",
        ],
      },
      {
        heading: "Article défectueux, endommagé ou erroné",
        paragraphs: [
          "Si un article arrive brisé, défectueux ou n’est pas celui commandé, dites-le-nous dans les 30 jours avec une photo. Nous le remplaçons ou le remboursons entièrement, livraison comprise, sans frais pour vous. Cela ne limite pas la garantie légale, qui dure au-delà de 30 jours.",
        ],
      },
      {
        heading: "Comment retourner un article",
        paragraphs: [
          `Écrivez à ${studio.email} avec votre numéro de commande et le problème. Nous répondons dans les deux jours ouvrables avec la marche à suivre.`,
        ],
      },
      {
        heading: "Remboursements",
        paragraphs: [
          "Le remboursement est fait sur la carte utilisée pour payer, dans les 10 jours ouvrables suivant la réception de l’article retourné (ou notre accord, quand aucun retour n’est nécessaire). Votre banque peut prendre quelques jours de plus pour l’afficher. Une commande annulée avant son expédition est remboursée entièrement.",
        ],
      },
    ],
  }),
};
