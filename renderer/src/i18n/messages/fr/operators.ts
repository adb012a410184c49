// Textes français du poste : connexion, opérateur dans la barre de titre, fin de poste, rapport de
// relève (renderer/src/operators/) ; mêmes clés qu’en anglais.
import type { Messages } from '../../schema';

const operators: Messages['operators'] = {
  signIn: {
    title: 'Prise de poste',
    hint: 'Connectez-vous avec votre nom et votre code PIN personnel. Tout ce que vous acquittez, notez, enregistrez ou exportez pendant votre poste est consigné à votre nom.',
    yourName: 'Votre nom',
    pin: 'Code PIN personnel',
    checking: 'Vérification…',
    submit: 'Se connecter',
    unknown: 'La borne n’a pas pu déterminer qui est de service.',
    tryAgain: 'Réessayer',
    unnamed: 'Commencer le poste sans nom',
    unnamedNote: 'Les enregistrements indiqueront « unnamed » (sans nom).',
    noUnnamed: 'Ce site n’autorise pas de poste sans nom : un administrateur doit d’abord ajouter les opérateurs.',
  },
  badge: {
    onShift: 'De service :',
    endShift: 'Fin de poste',
    question: 'Terminer le poste de {name} ?',
    explain: 'La borne enregistre le rapport de relève du poste (PDF et CSV) et revient à l’écran de connexion. Les événements en direct continuent.',
    saving: 'Enregistrement du rapport…',
    confirm: 'Terminer le poste et enregistrer le rapport',
    cancel: 'Annuler',
  },
  handover: {
    title: 'Relève de poste — {operator}',
    span: 'Du {from} au {to}.',
    caption: 'Alarmes du poste par priorité',
    priority: 'Priorité',
    raised: 'Déclenchées',
    acknowledged: 'Acquittées',
    open: 'Encore ouvertes',
    priorities: {
      critical: 'critique',
      high: 'haute',
      medium: 'moyenne',
      low: 'basse',
    },
    summary: '{notes}, {outages}, {exports}, {waiting}.',
    notes: '{count} note | {count} notes',
    outages: '{count} panne du service | {count} pannes du service',
    exports: '{count} export | {count} exports',
    waiting: '{count} alarme encore en attente | {count} alarmes encore en attente',
    pdf: 'Enregistré en PDF : {path}',
    csv: 'Enregistré en CSV : {path}',
    warning: {
      csvNotSaved: 'Le rapport de relève a été établi, mais le fichier CSV n’a pas pu être enregistré ({reason}).',
      pdfNotSaved: 'Le rapport de relève a été établi, mais le fichier PDF n’a pas pu être enregistré ({reason}).',
      neitherSaved: 'Le rapport de relève a été établi, mais ni le fichier CSV ({csvReason}) ni le fichier PDF ({pdfReason}) n’ont pu être enregistrés.',
    },
  },
  fromMain: {
    listUnusable: 'La liste des opérateurs ({file}) ne peut pas être utilisée ({reason}). Ajoutez à nouveau les opérateurs avec « {command} ».',
    listDamaged: 'La liste des opérateurs ({file}) est endommagée. Ajoutez à nouveau les opérateurs avec « {command} ».',
    noneProvisioned: 'Aucun opérateur n’est enregistré sur cette borne. Un administrateur les ajoute sur ce poste avec « {command} NOM ».',
  },
};

export default operators;
