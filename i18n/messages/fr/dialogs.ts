// Textes français des dialogues natifs de main (enregistrer, quitter avec des enregistrements en attente) ; clés comme en anglais.
import type { Messages } from '../../schema';

const dialogs: Messages['dialogs'] = {
  saveTitle: {
    searchResults: 'Exporter les résultats de recherche',
    operatorLog: 'Exporter le journal des opérateurs',
    badgePdf: 'Enregistrer le badge en PDF',
  },
  csvFiles: 'CSV (tableur)',
  pdfFiles: 'PDF',
  quitWaiting: '{count} enregistrement n’a pas encore atteint le service de contrôle d’accès. | {count} enregistrements n’ont pas encore atteint le service de contrôle d’accès.',
  quitKept: 'Il est conservé sur ce poste et sera envoyé au prochain démarrage de la borne. | Ils sont conservés sur ce poste et seront envoyés au prochain démarrage de la borne.',
  quitOneFailed: 'Un demande d’abord votre attention (le service l’a refusé) : voir la boîte d’envoi dans la barre d’état.',
  quitSomeFailed: '{count} demandent d’abord votre attention (le service les a refusés) : voir la boîte d’envoi dans la barre d’état.',
  quitAnyway: 'Quitter quand même',
  stay: 'Rester',
};

export default dialogs;
