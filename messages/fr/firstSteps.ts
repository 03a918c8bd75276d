import type { Messages } from "../en/index.ts";

export const firstSteps: Messages["firstSteps"] = {
  title: "Avant de vendre",
  intro: "Suivez ces étapes\u00a0; cette liste disparaît dès que chacune est faite.",
  progress: (done: number, total: number) => `${done} sur ${total} faites`,
  done: "Fait",
  toDo: "À faire",
  markDone: "Marquer comme fait",
  steps: {
    identity: {
      title: "Le nom et les coordonnées de votre atelier",
      text: "Le nom, le téléphone et le courriel affichés sur chaque page et dans chaque courriel sont encore ceux de l’atelier d’exemple.",
      link: "Modifier l’atelier",
    },
    legal: {
      title: "Raison sociale et numéros d’inscription aux taxes",
      text: "Les factures indiquent votre raison sociale et vos numéros de TPS/TVH (et de TVQ). Tant que vous ne les avez pas saisis, les factures disent que vous n’en avez pas.",
      link: "Les saisir",
    },
    pickup: {
      title: "Adresse et heures de retrait",
      text: "Les clients qui viennent chercher leur commande voient cette adresse et ces heures.",
      link: "Régler le retrait",
    },
    aboutServices: {
      title: "Pages À propos et Services",
      text: "Écrivez /fr/about et /fr/services avec vos propres mots, et retirez l’histoire, l’équipe et les offres d’exemple.",
      link: "Ouvrir Admin → À propos",
    },
    sampleCatalogue: {
      title: "Retirer le catalogue d’exemple",
      text: "La boutique montre encore les articles et catégories d’exemple.",
      link: "Voir l’inventaire",
      remove: "Retirer le catalogue d’exemple",
      confirm:
        "Retirer tous les articles d’exemple et toutes les catégories d’exemple qu’aucun de vos articles n’utilise\u00a0? Les articles retenus par des commandes impayées restent jusqu’à la fin de ces commandes.",
      removed: (items: number, kept: number) =>
        kept > 0
          ? `${items} articles d’exemple retirés\u00a0; ${kept} restent jusqu’à la fin des commandes impayées qui les retiennent.`
          : `${items} articles d’exemple retirés.`,
    },
    sampleProjects: {
      title: "Retirer les projets d’exemple",
      text: "Le portfolio montre encore les projets d’exemple.",
      link: "Voir le portfolio",
      remove: "Retirer les projets d’exemple",
      confirm: "Retirer tous les projets d’exemple du portfolio\u00a0?",
      removed: (count: number) => `${count} projets d’exemple retirés.`,
    },
    mail: {
      title: "Serveur de courriel",
      configured: "Les courriels partent par votre serveur de courriel.",
      text: "Aucun serveur de courriel n’est réglé (SMTP_URL)\u00a0: les courriels attendent dans la boîte d’envoi jusqu’à ce que vous les envoyiez vous-même. Réglez SMTP_URL, ou marquez cette étape comme faite pour continuer avec la boîte d’envoi.",
      link: "Voir la boîte d’envoi",
    },
    payments: {
      title: "Paiements par carte",
      configured: "Les cartes sont débitées par Stripe.",
      text: "Les paiements sont en mode test (le bac à sable)\u00a0: aucune vraie carte n’est débitée. Réglez vos clés Stripe pour recevoir de vrais paiements, ou marquez cette étape comme faite pendant vos essais.",
      link: "Ouvrir l’administration",
    },
    backups: {
      title: "Une sauvegarde qui fonctionne",
      text: "Le site se sauvegarde lui-même chaque nuit, mais aucune sauvegarde n’a réussi dans les 48\u00a0dernières heures (ou la dernière a échoué). Faites-en une maintenant et vérifiez qu’elle apparaît dans la liste.",
      link: "Ouvrir Administration → Sauvegardes",
    },
  },
  acknowledged: "Marqué comme fait.",
};
