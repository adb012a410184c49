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
    lockedTitle: 'Bloqués après des codes PIN erronés',
    lockedUntil: '{name} : bloqué jusqu’à',
    slowedUntil: 'Beaucoup de codes PIN erronés sur cette borne : la prochaine connexion est possible à partir de',
    lockedHelp: 'Un administrateur peut lever un blocage aussitôt avec « {command} NOM », ou en donnant un nouveau code PIN à la personne.',
    noUnnamed: 'Ce site n’autorise pas de poste sans nom : un administrateur doit d’abord ajouter les opérateurs.',
  },
  badge: {
    onShift: 'De service :',
    endShift: 'Fin de poste',
    question: 'Terminer le poste de {name} ?',
    explain: 'La borne enregistre le rapport de relève du poste (PDF et CSV) et revient à l’écran de connexion. Les événements en direct continuent.',
    handoverWords: 'Mot pour le prochain agent (tous les postes du site le lisent)',
    handoverWordsHint: 'Nuit calme ; la porte 3 coince…',
    saving: 'Enregistrement du rapport…',
    confirm: 'Terminer le poste et enregistrer le rapport',
    cancel: 'Annuler',
  },
  handover: {
    title: 'Relève de poste — {operator}',
    span: 'Du {from} au {to}.',
    caption: 'Alarmes du poste par priorité',
    columns: {
      priority: 'Priorité',
      raised: 'Déclenchées',
      acknowledged: 'Acquittées',
      waiting: 'En attente',
      setAside: 'Mises de côté',
      caughtUp: 'Trouvées au rattrapage',
      acknowledgedInShift: 'Acquittements effectués',
    },
    total: 'Total',
    priorities: {
      critical: 'critique',
      high: 'haute',
      medium: 'moyenne',
      low: 'basse',
    },
    summary: '{unacknowledged} ; {notes}, {outages}, {downtime}, {catchUps}, {setAsideEvents}, {exports}.',
    unacknowledged: '{count} alarme non acquittée à présent, comptée comme dans la barre d’état | {count} alarmes non acquittées à présent, comptées comme dans la barre d’état',
    notes: '{count} note | {count} notes',
    outages: '{count} panne du service | {count} pannes du service',
    downtime: '{count} arrêt de la borne | {count} arrêts de la borne',
    catchUps: '{count} rattrapage | {count} rattrapages',
    setAsideEvents: '{count} événement mis de côté | {count} événements mis de côté',
    exports: '{count} export | {count} exports',
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
