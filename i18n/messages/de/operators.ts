// Deutsche Texte der Schicht: Anmeldung, Bediener in der Titelleiste, Schichtende, Übergabebericht
// (renderer/src/operators/); Schlüssel wie im Englischen.
import type { Messages } from '../../schema';

const operators: Messages['operators'] = {
  signIn: {
    title: 'Schichtbeginn',
    hint: 'Melden Sie sich mit Ihrem Namen und Ihrer persönlichen PIN an. Alles, was Sie während der Schicht quittieren, notieren, erfassen oder exportieren, wird mit Ihrem Namen festgehalten.',
    yourName: 'Ihr Name',
    pin: 'Persönliche PIN',
    checking: 'Wird geprüft…',
    submit: 'Anmelden',
    unknown: 'Der Kiosk konnte nicht feststellen, wer Schicht hat.',
    tryAgain: 'Erneut versuchen',
    unnamed: 'Schicht ohne Namen beginnen',
    unnamedNote: 'Die Einträge lauten dann „unnamed“ (ohne Namen).',
    lockedTitle: 'Nach falschen PINs gesperrt',
    lockedUntil: '{name}: gesperrt bis',
    slowedUntil: 'Viele falsche PINs an diesem Kiosk: Die nächste Anmeldung ist möglich ab',
    lockedHelp: 'Ein Administrator kann eine Sperre sofort mit „{command} NAME“ aufheben oder der Person eine neue PIN geben.',
    noUnnamed: 'An diesem Standort ist keine Schicht ohne Namen erlaubt: Ein Administrator muss zuerst die Bediener anlegen.',
  },
  badge: {
    onShift: 'Im Dienst:',
    endShift: 'Schicht beenden',
    question: 'Schicht von {name} beenden?',
    explain: 'Der Kiosk speichert den Übergabebericht der Schicht (PDF und CSV) und kehrt zur Anmeldung zurück. Die Live-Ereignisse laufen weiter.',
    handoverWords: 'Worte für die nächste Wache (alle Plätze des Standorts lesen sie)',
    handoverWordsHint: 'Ruhige Nacht; Tür 3 klemmt…',
    saving: 'Bericht wird gespeichert…',
    confirm: 'Schicht beenden und Bericht speichern',
    cancel: 'Abbrechen',
  },
  handover: {
    title: 'Schichtübergabe — {operator}',
    span: 'Von {from} bis {to}.',
    caption: 'Alarme der Schicht nach Priorität',
    columns: {
      priority: 'Priorität',
      raised: 'Ausgelöst',
      acknowledged: 'Quittiert',
      waiting: 'Noch offen',
      setAside: 'Zurückgestellt',
      caughtUp: 'Beim Nachlesen gefunden',
      acknowledgedInShift: 'Quittierungen in der Schicht',
    },
    total: 'Gesamt',
    priorities: {
      critical: 'kritisch',
      high: 'hoch',
      medium: 'mittel',
      low: 'niedrig',
    },
    summary: '{unacknowledged}; {notes}, {outages}, {downtime}, {catchUps}, {setAsideEvents}, {exports}.',
    unacknowledged: '{count} Alarm jetzt noch nicht quittiert, gezählt wie in der Statusleiste | {count} Alarme jetzt noch nicht quittiert, gezählt wie in der Statusleiste',
    notes: '{count} Notiz | {count} Notizen',
    outages: '{count} Dienstausfall | {count} Dienstausfälle',
    downtime: '{count} Stillstand des Kiosks | {count} Stillstände des Kiosks',
    catchUps: '{count} Nachlesevorgang | {count} Nachlesevorgänge',
    setAsideEvents: '{count} Ereignis zurückgestellt | {count} Ereignisse zurückgestellt',
    exports: '{count} Export | {count} Exporte',
    pdf: 'Als PDF gespeichert: {path}',
    csv: 'Als CSV gespeichert: {path}',
    warning: {
      csvNotSaved: 'Der Übergabebericht wurde erstellt, aber die CSV-Datei konnte nicht gespeichert werden ({reason}).',
      pdfNotSaved: 'Der Übergabebericht wurde erstellt, aber die PDF-Datei konnte nicht gespeichert werden ({reason}).',
      neitherSaved: 'Der Übergabebericht wurde erstellt, aber weder die CSV-Datei ({csvReason}) noch die PDF-Datei ({pdfReason}) konnte gespeichert werden.',
    },
  },
  fromMain: {
    listUnusable: 'Die Bedienerliste ({file}) kann nicht verwendet werden ({reason}). Legen Sie die Bediener mit „{command}“ neu an.',
    listDamaged: 'Die Bedienerliste ({file}) ist beschädigt. Legen Sie die Bediener mit „{command}“ neu an.',
    noneProvisioned: 'Auf diesem Kiosk sind keine Bediener eingerichtet. Die Administration legt sie an diesem Arbeitsplatz mit „{command} NAME“ an.',
  },
};

export default operators;
