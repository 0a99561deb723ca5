import type { Messages } from './messages';

/** German: formal "Sie"; buttons in the infinitive ("Raum wählen"), as German software writes them. */
export const de = {
  app: {
    startFailed: 'ClassTray konnte nicht starten: {{message}}',
    actionFailed: 'Das hat nicht funktioniert: {{message}}',
  },
  header: {
    title: 'ClassTray',
    classroom: 'Raum',
    chooseClassroom: 'Raum wählen',
    addClassroom: 'Raum hinzufügen',
    classroomId: 'Raum-ID',
    /** A classroom without a name: its id, marked as one. */
    roomById: '{{id}} (Raum-ID)',
    classroomIdHint:
      'Der letzte Teil der Adresse des Raums im Dienst, wie in …/classrooms/room-12. Die ID wird beim Öffnen geprüft.',
    nickname: 'Anzeigename (optional)',
    open: 'Öffnen',
    cancel: 'Abbrechen',
    manageClassroom: 'Raum umbenennen oder entfernen',
    manageNamed: '{{name}} umbenennen oder entfernen',
    newNickname: 'Anzeigename',
    nicknameHint: 'Leer lassen, um die ID {{id}} anzuzeigen.',
    rename: 'Umbenennen',
    removeFromList: 'Aus der Liste entfernen',
    fixClassroomForm: 'Raum-ID {{id}} korrigieren',
    fixHint:
      'Der Dienst kennt „{{id}}“ nicht. Korrigieren Sie die ID oder entfernen Sie sie aus der Liste.',
    refresh: 'Aktualisieren',
    settings: 'Einstellungen',
    onlineCount: '{{online}} von {{total}} online',
    onlineCountAsOf: '{{online}} von {{total}} online, Stand {{time}}',
    updatedAt: 'Aktualisiert um {{time}}',
    notUpdated: 'Noch nicht aktualisiert',
    demo: 'Demodaten',
    demoNotice: 'Dies ist eine Demo-Schule.',
    connectAccount: 'Konto verbinden',
    dismissNotice: 'Demo-Hinweis schließen',
    demoClassrooms: {
      'lab-1': 'Computerraum 1',
      'room-12': 'Raum 12',
      library: 'Bibliothek',
      music: 'Musikraum',
    },
  },
  banner: {
    offline: 'Der Dienst ist nicht erreichbar. Angezeigt werden die zuletzt bekannten Geräte.',
    unauthorized:
      'Der Dienst hat das API-Token abgelehnt. Angezeigt werden die zuletzt bekannten Geräte.',
    noToken: 'Kein API-Token gespeichert. Angezeigt werden die zuletzt bekannten Geräte.',
    classroomNotFound: 'Raum nicht gefunden. Prüfen Sie die Raum-ID.',
    stale: 'Die letzte Aktualisierung ist fehlgeschlagen, die Liste ist daher eventuell veraltet.',
    slow: 'Der Dienst antwortet langsam. Bis ClassTray eine Antwort erhält, werden die zuletzt bekannten Geräte angezeigt.',
    internal:
      'Beim Aktualisieren ist in ClassTray ein Fehler aufgetreten, die Liste ist daher eventuell veraltet. Aktualisieren Sie, um es erneut zu versuchen.',
    nothingLoaded: {
      offline: 'Der Dienst ist nicht erreichbar, daher konnten keine Geräte geladen werden.',
      unauthorized:
        'Der Dienst hat das API-Token abgelehnt, daher konnten keine Geräte geladen werden.',
      noToken: 'Kein API-Token gespeichert, daher konnten keine Geräte geladen werden.',
      stale: 'Der Dienst hat nicht geantwortet, daher konnten keine Geräte geladen werden.',
      slow: 'Der Dienst antwortet langsam. ClassTray wartet noch auf die Geräte.',
      internal: 'Beim Laden der Geräte ist in ClassTray ein Fehler aufgetreten.',
    },
    nextAttempt: 'Neuer Versuch um {{time}}.',
    openSettings: 'Einstellungen prüfen',
    connect: 'Verbinden',
    retryNow: 'Erneut versuchen',
    close: 'Diese Meldung schließen',
    fixClassroom: 'Raum-ID korrigieren',
  },
  devices: {
    changedRecently: 'in den letzten 5 Minuten geändert',
    heading: 'Geräte',
    headingAsOf: 'Geräte, Stand {{time}}',
    search: 'Schüler und Geräte suchen',
    searchPlaceholder: 'Schüler oder Gerät',
    show: 'Anzeigen',
    compact: 'Kompaktansicht',
    filter: {
      all: 'Alle',
      online: 'Online',
      offline: 'Offline',
    },
    online: 'Online',
    offline: 'Offline',
    unknown: 'Unbekannt',
    filterCount: '{{filter}} {{total}}',
    wentOffline: 'Ging {{ago}} offline',
    backOnline: 'Kam {{ago}} wieder online',
    justNow: 'gerade eben',
    nowShort: 'jetzt',
    lastSeenOnline: 'Zuletzt online um {{time}}',
    changedCount_one: '{{count}} geändert',
    changedCount_other: '{{count}} geändert',
    changedToTop_one: '{{count}} geändert: oben anzeigen',
    changedToTop_other: '{{count}} geändert: oben anzeigen',
    announce: {
      wentOffline: '{{name}} ist jetzt offline',
      backOnline: '{{name}} ist wieder online',
      several_one: '{{count}} Gerät geändert: {{changes}}',
      several_other: '{{count}} Geräte geändert: {{changes}}',
      wentOfflineCount_one: '{{count}} jetzt offline',
      wentOfflineCount_other: '{{count}} jetzt offline',
      backOnlineCount_one: '{{count}} wieder online',
      backOnlineCount_other: '{{count}} wieder online',
    },
    no2fa: 'Ohne 2FA',
    disabled: 'Deaktiviert',
    copyId: 'ID {{id}} kopieren',
    copyPassword: 'Passwort kopieren',
    copyPasswordFor: 'Passwort für {{name}} kopieren',
    copied: 'Kopiert',
    copiedClearedIn: 'Kopiert: wird in {{seconds}} s gelöscht',
    copiedClearedOnQuit: 'Kopiert: wird beim Beenden von ClassTray gelöscht',
    copiedNotCleared: 'Kopiert: Dieser Browser kann es später nicht löschen',
    notAvailable: 'Nicht verfügbar',
    copyFailed: 'Kopieren fehlgeschlagen',
    noClassroom: 'Wählen Sie einen Raum oder fügen Sie einen hinzu, um seine Geräte zu sehen.',
    empty: 'In diesem Raum gibt es keine Geräte.',
    noMatch: 'Keine passenden Schüler oder Geräte.',
    notLoaded: 'Noch keine Geräte geladen.',
    loading: 'Geräte werden geladen…',
  },
  /** The room as it stands: the seat plan (src-renderer/views/seatPlan/). */
  seatPlan: {
    arrange: 'Anordnen',
    done: 'Fertig',
    undo: 'Rückgängig',
    exportPlan: 'Plan exportieren',
    importPlan: 'Plan importieren',
    planLabel: 'Sitzplan',
    front: 'Vorne: Pult und Tafel',
    turnFront: 'Vorne auf die andere Seite',
    rows: 'Reihen',
    columns: 'Plätze pro Reihe',
    help: 'Wählen Sie ein Gerät, dann seinen Platz: beides anklicken, es ziehen oder Eingabe drücken, mit den Pfeiltasten bewegen und wieder Eingabe drücken. Esc bricht ab.',
    notPlaced: 'Ohne Platz',
    allPlaced: 'Jedes Gerät hat einen Platz.',
    seat: 'Reihe {{row}}, Platz {{column}}',
    emptySeat: 'Reihe {{row}}, Platz {{column}}, leer',
    leftRoom: 'nicht mehr in diesem Raum',
    clearSeat: 'Platz von {{name}} leeren',
    picked: '{{name}} aufgenommen: Platz mit den Pfeiltasten wählen, dann Eingabe drücken.',
    moved: '{{name}} auf Reihe {{row}}, Platz {{column}} gesetzt.',
    unplaced: '{{name}} nach „Ohne Platz“ verschoben.',
    cancelled: '{{name}} bleibt, wo es war.',
    undone: 'Letzter Schritt rückgängig gemacht.',
    imported: 'Plan importiert.',
    notInRoom: 'Plätze mit einem Gerät, das dieser Raum nicht hat: {{seats}}. Sie bleiben leer.',
    schoolPlan: 'Plan Ihrer Schule',
    schoolPlanChanged: 'Plan Ihrer Schule, von Ihnen geändert',
    useSchoolPlan: 'Zurück zum Plan der Schule',
    locked: 'Plan Ihrer Schule, von Ihrer Schule festgelegt',
    actionsFor: 'Aktionen für {{name}}',
    close: 'Schließen',
    unreadable: 'Die Datei konnte nicht gelesen werden: Nichts wurde importiert.',
    problem: {
      tooLarge: 'Diese Datei ist größer als 1 MiB, größer als jeder Plan: Nichts wurde importiert.',
      tooDeep: 'Diese Datei ist tiefer verschachtelt als ein Plan: Nichts wurde importiert.',
      notPlan: 'Diese Datei ist kein ClassTray-Sitzplan: Nichts wurde importiert.',
      notJson: 'Zeile {{line}} ist kein gültiges JSON: Nichts wurde importiert.',
      badValue:
        'Zeile {{line}} enthält einen Wert, den ein Plan nicht erlaubt: Nichts wurde importiert.',
      outsideRoom:
        'Zeile {{line}} setzt ein Gerät außerhalb der Reihen und Plätze des Raums: Nichts wurde importiert.',
      seatTaken:
        'Zeile {{line}} setzt ein zweites Gerät auf denselben Platz: Nichts wurde importiert.',
      placedTwice: 'Zeile {{line}} gibt einem Gerät einen zweiten Platz: Nichts wurde importiert.',
    },
  },
  accesses: {
    heading: 'Befristete Zugänge',
    runningCount_one: '{{count}} aktiv',
    runningCount_other: '{{count}} aktiv',
    runningElsewhere_one: '+{{count}} in einem anderen Raum',
    runningElsewhere_other: '+{{count}} in anderen Räumen',
    input: 'Link oder Token des befristeten Zugangs',
    placeholder: 'Link einfügen',
    problem: {
      empty: 'Fügen Sie zuerst einen Link oder ein Token eines befristeten Zugangs ein.',
      'no-token': 'In diesem Text steht kein Token eines befristeten Zugangs.',
      'several-tokens': 'Dieser Text enthält mehr als ein Token. Fügen Sie nur eines ein.',
      'already-tracked': 'Dieser befristete Zugang ist bereits in der Liste.',
    },
    none: 'Keine befristeten Zugänge in der Liste. Fügen Sie oben einen ein, um ihn mit einem Klick zu beenden.',
    token: 'Token {{token}}',
    device: 'Gerät {{name}}',
    unnamedDevice: 'Gerät {{id}}',
    state: {
      given: 'Vergeben',
      endsAt: 'Endet um {{time}}',
      ended: 'Beendet',
      alreadyEnded: 'Bereits beendet oder abgelaufen',
      unknown: 'Dem Dienst unbekannt',
      notEndedRetry: 'Nicht beendet, bitte erneut versuchen: {{problem}}',
      notEnded: 'Nicht beendet: {{problem}}',
      notEndedShort: 'Nicht beendet',
    },
    warnNo2fa:
      'Dieses Gerät hat keine 2FA: Der Dienst kann diesen Zugang nicht automatisch beenden',
    stopTracking: 'Nicht mehr verfolgen',
    stopKeepsRunning: 'Der Zugang bleibt aktiv: Nur „Zugang beenden“ beendet ihn.',
    stoppedRunning: '{{name}} wird nicht mehr verfolgt. Der Zugang bleibt im Dienst aktiv.',
    stopped: '{{name}} wird nicht mehr verfolgt.',
    undo: 'Rückgängig',
    endedToday: 'Heute beendet',
    endAll: 'Alle beenden: alle Zugänge in diesem Raum',
    endAllShort: 'Alle beenden',
    endAllDismiss: 'Ergebnis von „Alle beenden“ schließen',
    endAllQuestion_one: '{{count}} Zugang jetzt beenden: {{names}}?',
    endAllQuestion_other: '{{count}} Zugänge jetzt beenden: {{names}}?',
    endAllConfirm_one: '{{count}} Zugang beenden',
    endAllConfirm_other: '{{count}} Zugänge beenden',
    cancel: 'Abbrechen',
    endAllEnded_one: '{{count}} Zugang beendet.',
    endAllEnded_other: '{{count}} Zugänge beendet.',
    endAllNotEnded: '{{name}}: {{state}}',
    endAllNoneEnded: 'Kein Zugang beendet.',
    alreadyEndedCount_one: '{{count}} Zugang war bereits beendet oder abgelaufen.',
    alreadyEndedCount_other: '{{count}} Zugänge waren bereits beendet oder abgelaufen.',
    unknownCount_one: '{{count}} Zugang war dem Dienst unbekannt.',
    unknownCount_other: '{{count}} Zugänge waren dem Dienst unbekannt.',
    classroomNotKnown: 'Raum unbekannt',
    classroomNotKnownHint:
      'ClassTray weiß nicht, in welchem Raum diese vergeben wurden: „Alle beenden“ und „Alle beenden um…“ lassen sie aus. Beenden Sie jeden hier einzeln.',
    deviceField: 'Gerät',
    findDevice: 'Gerät suchen',
    findDevicePlaceholder: 'Name oder ID',
    noDevice: 'Kein Gerät',
    student: 'Schüler (optional)',
    addForm: 'Befristeten Zugang hinzufügen',
    add: 'Hinzufügen',
    demoLinks: 'Links zum Ausprobieren in der Demo-Schule:',
    demoLink: 'Link {{token}}…',
    openClassroom: 'In diesem Raum',
    otherClassrooms: 'Andere Räume',
    addShort: 'Neuer Zugang',
    addFor: 'Neuer Zugang für {{name}}',
    end: 'Zugang beenden',
    endShort: 'Beenden',
    endFor: 'Zugang beenden: {{name}}',
    ending: 'Wird beendet…',
    onTile: 'befristeter Zugang vergeben',
    onTileOf: 'befristeter Zugang an {{student}} vergeben',
    endOnTileOf: 'Zugang von {{student}} an {{name}} beenden',
  },
  handover: {
    give: 'An eine Kollegin oder einen Kollegen übergeben…',
    giveTitle: '{{room}} an eine Kollegin oder einen Kollegen übergeben',
    giveAbout:
      'Die in diesem Raum laufenden Zugänge ({{running}}) gehen an das ClassTray einer Kollegin oder eines Kollegen, versiegelt mit einem Einmalcode. Die Übergabe kann einmal übernommen werden, innerhalb von {{minutes}} Minuten.',
    withNames: 'Die Namen der Schüler mitgeben',
    namesNotAllowed: 'Ihre Schule übergibt Räume ohne die Namen der Schüler.',
    afterwards: 'Danach hier',
    keep: 'In meiner Liste behalten, beendbar (gemeinsamer Unterricht)',
    drop: 'Aus meiner Liste entfernen',
    make: 'Übergabe erstellen',
    made: 'Fertig. Geben Sie der Kollegin oder dem Kollegen den Text oder die Datei, und sagen Sie den Code.',
    code: 'Einmalcode',
    codeHint:
      'Sagen oder zeigen Sie ihn: nie mit dem Text zusammen senden. Die Übergabe kann bis {{time}} übernommen werden.',
    text: 'Übergabetext',
    copy: 'Text kopieren',
    copied: 'Kopiert.',
    save: 'Als Datei speichern',
    close: 'Schließen',
    cancel: 'Abbrechen',
    take: 'Von einer Kollegin oder einem Kollegen übernehmen…',
    takeTitle: 'Von einer Kollegin oder einem Kollegen übernehmen',
    takeAbout:
      'Fügen Sie den Übergabetext ein oder öffnen Sie die Datei, und tippen Sie dann den Code, den man Ihnen sagt.',
    openFile: 'Übergabedatei öffnen',
    codeInput: 'Code der Kollegin oder des Kollegen',
    takeConfirm: 'Übernehmen',
    taken_one: '{{count}} Zugang in {{room}} übernommen.',
    taken_other: '{{count}} Zugänge in {{room}} übernommen.',
    takenEnding_one: '{{count}} Zugang in {{room}} übernommen, endet um {{time}}.',
    takenEnding_other: '{{count}} Zugänge in {{room}} übernommen, enden um {{time}}.',
    takenNone: 'Jeder Zugang dieser Übergabe ist schon in Ihrer Liste.',
    roomAdded: '{{room}} wurde zu Ihren Räumen hinzugefügt.',
    handedOver: 'Übergeben',
  },
  readiness: {
    readyCount: '{{ready}} von {{total}} bereit',
    /** Why the header's online count and the ready count differ, said beside the ready count. */
    readyMeans:
      'Bereit heißt: online, im Dienst aktiviert und mit 2FA; die Zahl oben zählt die Geräte, die online sind.',
    title: 'Bereitschaft von {{room}}',
    checkedAt: 'Geprüft: {{time}}',
    notChecked: 'Noch nicht geprüft',
    allReady: 'Alle Geräte sind bereit.',
    offline: 'Offline',
    offlineSince: 'Offline seit {{time}}',
    offlineSinceAtLeast: 'Offline seit mindestens {{time}}, als ClassTray zu beobachten begann',
    unknown: 'Nicht in der Geräteliste des Kontos: Online-Status unbekannt',
    disabled: 'Im Dienst deaktiviert',
    no2fa: 'Keine 2FA: Ein Zugang darauf kann nicht automatisch beendet werden',
    checksTitle: 'Was bei einem Gerät zu prüfen ist, das offline ist',
    checkTool: 'Das Fernwartungsprogramm ist installiert und gestartet.',
    checkConnection: 'Das Programm erreicht seine Server (Netzwerk, Firewall, Proxy).',
    checkLicence: 'Seine Lizenz ist eingerichtet und nicht abgelaufen.',
    checkTrial: 'Das Konto nutzt nicht die Testlizenz des Dienstes.',
    copyReport: 'Bericht für die IT kopieren',
    copied: 'Bericht kopiert.',
    copyFailed: 'Der Bericht konnte nicht kopiert werden.',
    emailIt: 'E-Mail an die IT',
    close: 'Bereitschaft schließen',
    notice: '{{room}} um {{time}}: {{offline}} von {{total}} Geräten offline',
    noticeShow: 'Geräte zeigen',
    noticeDismiss: 'Ausblenden',
    minutesBefore: 'Den Raum der nächsten Stunde vor Beginn prüfen',
    minutesBeforeChoice: '{{minutes}} Min. vorher',
    minutesBeforeNever: 'Nie',
    report: {
      title: 'ClassTray: Geräte nicht bereit',
      titleAllReady: 'ClassTray: alle Geräte bereit',
      room: 'Raum: {{name}} (ID {{id}})',
      roomById: 'Raum: ID {{id}}',
      checked: 'Geprüft: {{time}}',
      counts:
        'Bereit: {{ready}} von {{total}}. Offline: {{offline}}. Status unbekannt: {{unknown}}. Im Dienst deaktiviert: {{disabled}}. Ohne 2FA: {{no2fa}}.',
      allReady: 'Alle Geräte sind bereit.',
      device: '- {{name}} (Remote-ID {{id}}): {{states}}',
      offline: 'Offline',
      offlineSince: 'Offline seit {{time}}',
      offlineSinceAtLeast: 'Offline seit mindestens {{time}}, als ClassTray zu beobachten begann',
      unknown: 'Nicht in der Geräteliste des Kontos',
      disabled: 'Im Dienst deaktiviert',
      no2fa: 'Keine 2FA (ein Zugang darauf kann nicht automatisch beendet werden)',
      checks:
        'Bitte bei jedem Gerät, das offline ist, prüfen: Das Fernwartungsprogramm ist installiert und gestartet; es erreicht seine Server; seine Lizenz ist eingerichtet und nicht abgelaufen; das Konto nutzt nicht die Testlizenz des Dienstes.',
      subject: 'ClassTray: Geräte nicht bereit in {{room}}',
      cut: 'Für die E-Mail gekürzt: „Bericht für die IT kopieren“ in ClassTray gibt ihn ganz.',
    },
  },
  problems: {
    unauthorized: 'Der Dienst hat das API-Token abgelehnt.',
    'no-token': 'Es ist kein API-Token gespeichert: Verbinden Sie sich in den Einstellungen.',
    'classroom-not-found': 'Der Dienst kennt diesen Raum nicht.',
    'access-not-found': 'Der Dienst kennt diesen befristeten Zugang nicht.',
    'already-ended': 'Er ist bereits ungültig oder abgelaufen.',
    'rate-limited': 'Der Dienst bittet um eine Pause. Versuchen Sie es gleich noch einmal.',
    network: 'Der Dienst war nicht erreichbar.',
    server: 'Im Dienst ist ein Fehler aufgetreten.',
    'bad-response': 'Der Dienst hat eine Antwort gesendet, die ClassTray nicht lesen kann.',
    'bad-request': 'Der Dienst hat die Anfrage abgelehnt.',
    internal:
      'In ClassTray ist ein unerwarteter Fehler aufgetreten; das Protokoll nennt den Grund.',
  },
  settings: {
    heading: 'Einstellungen',
    close: 'Fertig',
    cancel: 'Abbrechen',
    account: 'Konto',
    useDemo: 'Demodaten verwenden',
    useDemoHint: 'Eine eingebaute Demo-Schule, ohne Konto.',
    serviceUrl: 'Dienst-URL',
    token: 'API-Token',
    tokenSaved: 'Ein Token ist {{where}} gespeichert.',
    tokenMissing: 'Kein Token gespeichert.',
    tokenReplace: 'Neues Token eingeben',
    tokenPaste: 'API-Token einfügen',
    where: {
      keychain: 'im Schlüsselbund des Systems',
      fallback: 'in einer verschlüsselten Datei',
      memory: 'nur für diese Sitzung',
      environment: 'in der Umgebungsvariable CLASSTRAY_TOKEN',
    },
    why: {
      fallback:
        'Es war kein Schlüsselbund des Systems verfügbar, daher speichert ClassTray das Token selbst verschlüsselt (Schlüsselbund unter Debian nutzen: apt-get install libsecret-1-dev && npm ci).',
      memory:
        'Es ist kein Schlüsselbund des Systems verfügbar: Ein Token wird beim Schließen von ClassTray vergessen (Schlüsselbund unter Debian nutzen: apt-get install libsecret-1-dev && npm ci).',
      environment: 'Dieses Token ersetzt jedes gespeicherte Token und wird nie gespeichert.',
      keychainWaiting:
        'Der Schlüsselbund des Systems antwortet nicht: ClassTray arbeitet ohne ihn weiter und verwendet das dort gespeicherte Token, sobald er antwortet, ohne erneut danach zu fragen.',
    },
    forgetToken: 'Token entfernen',
    advanced: 'Erweitert',
    authHeader: 'Name des Auth-Headers',
    connect: 'Speichern und verbinden',
    connectedTo:
      'Verbunden mit {{host}}: Der Dienst hat geantwortet, und das Konto ist gespeichert.',
    check: {
      'no-token': 'Die URL ist gespeichert. Fügen Sie das API-Token ein, um sich zu verbinden.',
      'token-rejected':
        'Der Dienst hat dieses API-Token abgelehnt (401/403). Es wurde nichts gespeichert.',
      unreachable:
        'Diese Adresse ist nicht erreichbar. Prüfen Sie die URL und das Netzwerk. Es wurde nichts gespeichert.',
      'not-this-service':
        'Diese Adresse hat geantwortet, aber nicht wie ein Dienst dieser Art: Prüfen Sie die URL. Es wurde nichts gespeichert.',
      'service-failed':
        'Der Dienst hat mit einem eigenen Fehler geantwortet. Versuchen Sie es gleich noch einmal. Es wurde nichts gespeichert.',
    },
    urlRequired: 'Geben Sie die Dienst-URL ein.',
    general: 'Allgemein',
    pollInterval: 'Aktualisieren alle (Sekunden)',
    pollRange: 'Geben Sie eine ganze Zahl von {{min}} bis {{max}} ein.',
    notifications: 'Desktop-Benachrichtigungen, wenn sich Geräte ändern',
    problemsFirst: 'Probleme zuerst: offline und kürzlich geänderte Geräte oben',
    language: 'Sprache',
    systemLanguage: 'Systemsprache',
    languageUnderWay: '{{name}} (unvollständig)',
    startAtLogin: 'Bei der Anmeldung starten',
    endedRetention: 'Beendete Zugänge behalten (Stunden)',
    endedRetentionRange: 'Geben Sie eine ganze Zahl von Stunden von {{min}} bis {{max}} ein.',
    clipboardClear: 'Kopiertes Passwort löschen',
    clipboardClearAfter: 'nach {{seconds}} s',
    clipboardClearOnQuit: 'beim Beenden von ClassTray',
    onQuit: 'Wenn ClassTray mit laufenden Zugängen beendet wird',
    onQuitAsk: 'nachfragen',
    onQuitEnd: 'Zugänge beenden',
    onQuitKeep: 'weiterlaufen lassen',
    duringSleep: 'Ein Ende, das in den Ruhezustand fällt',
    duringSleepAtSleep: 'läuft, wenn der Computer in den Ruhezustand geht',
    duringSleepOnWake: 'läuft verspätet beim Aufwachen',
    setBySchool: 'Von Ihrer Schule festgelegt',
    installation: {
      heading: 'Diese Installation',
      updates: {
        app: 'ClassTray installiert seine Updates selbst: Es sucht einmal täglich danach und bietet im Menü seines Symbols „Zum Aktualisieren neu starten“ an.',
        'school-policy':
          'Updates installiert die IT Ihrer Schule: Eine Richtlinie der Schule hat sie hier abgeschaltet.',
        'school-msi':
          'Updates installiert die IT Ihrer Schule: ClassTray wurde aus dem MSI-Paket der Schule installiert.',
        'school-deb':
          'Updates installiert die IT Ihrer Schule: ClassTray wurde aus dem .deb-Paket der Schule installiert, das nur ein Administrator aktualisieren kann.',
        'school-admin-rights':
          'Updates installiert die IT Ihrer Schule: ClassTray ist für alle Benutzer dieses Computers installiert, und ein Update zu installieren erfordert Administratorrechte.',
        'unsigned-build':
          'Updates installiert die IT Ihrer Schule: Diese Kopie von ClassTray wurde ohne Codesignaturzertifikat erstellt, kann also nicht prüfen, wer ein Update erstellt hat, und übernimmt keines.',
      },
      sandboxOff:
        'Dieses Fenster läuft ohne die Sandbox von Chromium: Dieses System verweigert die Benutzer-Namespaces, die sie braucht, daher wurde ClassTray mit --no-sandbox gestartet. Das .deb-Paket lässt die Sandbox eingeschaltet.',
    },
    support: {
      heading: 'Protokoll und Diagnose',
      about:
        'Für die IT und den Support: Das Protokoll zeigt, was ClassTray getan hat und warum etwas fehlgeschlagen ist. Weder das Protokoll noch die Diagnose enthalten ein Token, ein Passwort, eine Kalenderadresse oder den Wert einer Richtlinie.',
      openLogFolder: 'Protokollordner öffnen',
      logFolderOpened: 'Der Protokollordner ist in Ihrem Dateimanager geöffnet:',
      logFolderAt: 'Der Protokollordner (öffnen Sie ihn in Ihrem Dateimanager):',
      copyDiagnostics: 'Diagnose kopieren',
      diagnosticsCopied: 'Diagnose kopiert: Fügen Sie sie in Ihre Nachricht an den Support ein.',
    },
  },
  /** Student data: Settings' group, the access form's hint (docs/privacy.md). */
  privacy: {
    heading: 'Schülerdaten',
    about:
      'Ein Schüler wird nur so genannt, wie Sie es eintippen (Vorname, Initialen oder Platznummer genügen), nur auf diesem Computer, und der Name wird am Ende des Schultags (18:00) vergessen; der Zugang bleibt, nach Gerät.',
    names: 'Schülernamen',
    namesFull: 'Wie eingegeben',
    namesInitials: 'Nur Initialen',
    namesOff: 'Keine: nur Geräte',
    retention: 'Namen nach dem Schultag behalten (Stunden)',
    retentionRange: 'Geben Sie eine ganze Zahl von Stunden zwischen {{min}} und {{max}} ein.',
    inNotifications: 'Schülernamen in Benachrichtigungen zeigen',
    handover: 'Einen Raum an Kollegen übergeben',
    handoverWithNames: 'Erlaubt, Namen nur wenn ich es ankreuze',
    handoverWithoutNames: 'Erlaubt, ohne Namen',
    handoverOff: 'Nicht erlaubt',
    encrypted:
      'Die Namen sind mit einem Schlüssel verschlüsselt, den Ihr Computer für Ihren Benutzer verwahrt.',
    notEncryptedPreview:
      'Die Namen werden unverschlüsselt gespeichert: Die Browser-Vorschau hat keine Verschlüsselung. Nur Ihr Benutzer kann die Datei öffnen.',
    notEncryptedSystem:
      'Die Namen werden unverschlüsselt gespeichert: Dieses System bietet ClassTray keine Verschlüsselung. Nur Ihr Benutzer kann die Datei öffnen.',
    keptNow_one: '{{count}} Schülername ist jetzt gespeichert.',
    keptNow_other: '{{count}} Schülernamen sind jetzt gespeichert.',
    forget: 'Alle Schülernamen jetzt vergessen',
    forgetQuestion_one:
      'Den {{count}} gespeicherten Schülernamen jetzt vergessen? Die Zugänge bleiben nach Gerät erhalten, jeder mit „Zugang beenden“.',
    forgetQuestion_other:
      'Die {{count}} gespeicherten Schülernamen jetzt vergessen? Die Zugänge bleiben nach Gerät erhalten, jeder mit „Zugang beenden“.',
    forgetConfirm: 'Namen vergessen',
    forgotten: 'Alle Schülernamen sind vergessen; die Zugänge bleiben nach Gerät erhalten.',
    export: 'Exportieren, was ClassTray speichert',
    exported: 'Exportiert als {{file}}.',
    exportAbout:
      'Alles, was ClassTray zum Zeitpunkt des Exports im Datenordner auf diesem Computer über Schülerinnen und Schüler speichert.',
    exportEncrypted:
      'verschlüsselt mit einem Schlüssel, den das Betriebssystem für diesen Benutzer verwahrt',
    exportNotEncrypted: 'nicht verschlüsselt (einfaches JSON)',
    exportForgotten:
      'am Ende des Schultags, an dem der Name eingegeben wurde (18:00 Ortszeit), plus die Aufbewahrungsstunden',
    exportThisFile:
      '{{file}} wurde dort gespeichert, wo der Browser Downloads ablegt, oder wohin der Speichern-Dialog zeigte (meist der Ordner Downloads), nicht im Datenordner von ClassTray. Die Datei unterliegt nicht der Aufbewahrung von ClassTray: ClassTray löscht sie nie, auch nicht durch Vergessen oder Löschen. Löschen Sie sie, sobald die Anfrage, die sie beantwortet, erledigt ist.',
    erase: 'Alle Schülerdaten löschen',
    eraseQuestion: 'Alle Schülernamen und alle verfolgten Zugänge löschen?',
    eraseQuestionRunning_one:
      'Alle Schülernamen und alle beendeten Zugänge löschen? {{count}} Zugang läuft noch: Beenden Sie ihn zuerst oder behalten Sie ihn nach Gerät, mit „Zugang beenden“, bis er endet.',
    eraseQuestionRunning_other:
      'Alle Schülernamen und alle beendeten Zugänge löschen? {{count}} Zugänge laufen noch: Beenden Sie sie zuerst oder behalten Sie sie nach Gerät, jeden mit „Zugang beenden“, bis sie enden.',
    eraseEndThem: 'Beenden und löschen',
    eraseKeepThem: 'Löschen, weiterlaufen lassen',
    eraseConfirm: 'Löschen',
    erased: 'Alle Schülerdaten sind gelöscht.',
    erasedEnded_one: '{{count}} laufender Zugang wurde beendet.',
    erasedEnded_other: '{{count}} laufende Zugänge wurden beendet.',
    erasedNotEnded_one:
      '{{count}} Zugang konnte nicht beendet werden: Er bleibt nach Gerät erhalten, mit „Zugang beenden“.',
    erasedNotEnded_other:
      '{{count}} Zugänge konnten nicht beendet werden: Sie bleiben nach Gerät erhalten, jeder mit „Zugang beenden“.',
    erasedKept_one:
      '{{count}} laufender Zugang bleibt nach Gerät erhalten, mit „Zugang beenden“, bis er endet.',
    erasedKept_other:
      '{{count}} laufende Zugänge bleiben nach Gerät erhalten, jeder mit „Zugang beenden“, bis sie enden.',
    studentHint: 'Ein Vorname, Initialen oder eine Platznummer genügen.',
  },
  schedule: {
    endAt: 'Beenden um…',
    endAtFor: 'Beenden um… für {{name}}',
    endClassAt: 'Stundenende um…',
    formFor: 'Ende für {{name}} planen',
    formClass: 'Ende aller Zugänge planen',
    time: 'Beenden um',
    classTime: 'Alle beenden um',
    submit: 'Planen',
    close: 'Abbrechen',
    noTime: 'Geben Sie eine Uhrzeit wie 10:50 ein.',
    plusMinutes: '+{{minutes}} Min.',
    passed: '{{time}} ist heute schon vorbei: Wählen Sie eine spätere Uhrzeit.',
    endsAt: 'Endet um {{time}}',
    classEndsAt: 'Alle enden um {{time}}',
    cancelEnd: 'Ende aufheben',
    cancelEndFor: 'Ende aufheben: {{time}} für {{name}}',
    cancelClassEnd: 'Ende aufheben: alle Zugänge um {{time}}',
    accessOn: '{{student}} an {{device}}',
    inRoom: '{{target}} ({{room}})',
    ended_one: 'Das geplante Ende um {{time}} für {{target}} hat {{count}} Zugang beendet.',
    ended_other: 'Das geplante Ende um {{time}} für {{target}} hat {{count}} Zugänge beendet.',
    noneRunning: 'Geplantes Ende um {{time}} für {{target}}: Es war kein Zugang aktiv.',
    /** Every access it tried to end failed. */
    noneEnded: 'Geplantes Ende um {{time}} für {{target}}: Kein Zugang beendet.',
    atSleep: 'Es lief früher, um {{time}}, als der Computer in den Ruhezustand ging.',
    late_one:
      'Es wurde {{count}} Minute zu spät ausgeführt (der Computer war im Ruhezustand oder ClassTray war geschlossen).',
    late_other:
      'Es wurde {{count}} Minuten zu spät ausgeführt (der Computer war im Ruhezustand oder ClassTray war geschlossen).',
    retrying_one: '{{count}} Zugang konnte nicht beendet werden: Neuer Versuch läuft.',
    retrying_other: '{{count}} Zugänge konnten nicht beendet werden: Neuer Versuch läuft.',
    notEnded_one: '{{count}} Zugang konnte nicht beendet werden.',
    notEnded_other: '{{count}} Zugänge konnten nicht beendet werden.',
    dismiss: 'Schließen',
    dismissFor: 'Bericht zum Ende um {{time}} für {{target}} schließen',
    reports_one: '{{count}} Bericht',
    reports_other: '{{count}} Berichte',
  },
  /** The keys that open the window from anywhere, the keys inside it, and where ClassTray lives. */
  shortcut: {
    label: 'Tastenkürzel zum Öffnen von ClassTray',
    hint: 'Öffnet und schließt dieses Fenster aus jedem Programm.',
    change: 'Ändern',
    turnOff: 'Ausschalten',
    off: 'Aus',
    listening: 'Drücken Sie die neuen Tasten, oder Esc, um die alten zu behalten.',
    needsModifier: 'Halten Sie Strg, Alt oder Cmd zusammen mit einer anderen Taste.',
    saved: 'ClassTray öffnet sich jetzt mit {{keys}}.',
    turnedOff: 'Das Tastenkürzel ist ausgeschaltet.',
    unchanged: 'Das Tastenkürzel bleibt unverändert.',
    taken:
      'Ein anderes Programm verwendet {{keys}} bereits: Wählen Sie andere Tasten. Das Tray-Symbol öffnet ClassTray weiterhin.',
    unsupported:
      'Dieser Desktop lässt Programme keine Tastenkürzel belegen (Wayland ohne das Portal für globale Tastenkürzel): Verwenden Sie das Tray-Symbol, oder legen Sie Tasten in den Tastatureinstellungen Ihres Desktops fest.',
    unconfirmed:
      'ClassTray hat diesen Wayland-Desktop um {{keys}} gebeten, und nur der Desktop gibt sie weiter: Er fragt Sie eventuell nach einer Bestätigung oder lässt Sie die Tasten in seinen Tastatureinstellungen festlegen. Wenn {{keys}} nichts bewirkt, verwenden Sie das Tray-Symbol.',
    inWindow:
      'In diesem Fenster: {{search}} Suche, {{endAll}} Alle beenden, {{classroom}} Klassenraum wechseln.',
    homeHeading: 'Wo ClassTray zu finden ist',
    home: {
      'windows-tray':
        'ClassTray befindet sich im Infobereich am Ende der Taskleiste. Unter Windows 11 ist es eventuell unter dem Pfeil ^ versteckt: Ziehen Sie das Symbol auf die Taskleiste, oder schalten Sie es unter Einstellungen › Personalisierung › Taskleiste › Andere Taskleistensymbole ein.',
      'macos-menu-bar':
        'ClassTray befindet sich in der Menüleiste oben am Bildschirm: Klicken Sie auf das Symbol, um dieses Fenster zu öffnen.',
      'linux-tray':
        'ClassTray befindet sich im Tray Ihrer Leiste: Klicken Sie auf das Symbol, um dieses Fenster zu öffnen.',
      window:
        'Ihr Desktop zeigt keine Tray-Symbole, daher läuft ClassTray als dieses Fenster, mit seinem Menü im Fenster. Unter GNOME bringt die Erweiterung AppIndicator das Tray-Symbol zurück.',
    },
    homeKeys: 'Oder drücken Sie {{keys}} in einem beliebigen Programm.',
    gotIt: 'Verstanden',
  },
  timetable: {
    heading: 'Stundenplan',
    intro:
      'ClassTray öffnet den Raum der laufenden Stunde und kann dessen Zugänge zum Stundenende beenden.',
    source: 'Stunden aus',
    sourceNone: 'Kein Stundenplan',
    /** Short: a select shows one line, cut at its edge; the services are named in addressHint. */
    sourceSubscription: 'Ein Kalenderabonnement',
    sourceFile: 'Eine .ics-Datei, einmal importiert',
    sourceWeekly: 'Ein hier eingegebener Wochenplan',
    address: 'Abonnement-Adresse',
    addressHint:
      'Die geheime Adresse Ihres veröffentlichten Kalenders (WebUntis, Outlook, Google: https:// oder webcal://). Wer sie kennt, kann Ihren Stundenplan lesen: ClassTray bewahrt sie beim API-Token auf, nie in seiner Einstellungsdatei.',
    addressSaved: 'Adresse {{where}} gespeichert.',
    addressMissing:
      'Die Adresse ist auf diesem Computer nicht gespeichert: Fügen Sie sie erneut ein.',
    saveAddress: 'Speichern und abrufen',
    importFile: '.ics-Datei importieren',
    downloadedToday: 'Stundenplan heute um {{time}} heruntergeladen',
    downloadedOn: 'Stundenplan am {{date}} um {{time}} heruntergeladen',
    importedToday: 'Stundenplan heute um {{time}} importiert',
    importedOn: 'Stundenplan am {{date}} um {{time}} importiert',
    checkedAt: 'geprüft um {{time}}',
    refresh: 'Stundenplan aktualisieren',
    problem: 'Stundenplan nicht aktualisiert: {{problem}}',
    skipped_one: '{{count}} Termin konnte nicht gelesen werden: {{why}}.',
    skipped_other: '{{count}} Termine konnten nicht gelesen werden: {{why}}.',
    skipReasons: {
      noStart: 'keine Anfangszeit',
      badTime: 'ein unlesbares Datum oder eine unlesbare Uhrzeit',
      badRule: 'eine unlesbare Wiederholungsregel',
      badZone: 'eine unlesbare Zeitzone',
      tooOften: 'mehr als 5.000 Wiederholungen in den kommenden Tagen',
      tooComplex: 'eine Wiederholungsregel, die bis heute zu aufwendig zu verfolgen ist',
      outOfRange:
        'ein Datum, eine Dauer oder eine Anzahl von Wiederholungen außerhalb des gültigen Bereichs',
      other: 'etwas Unlesbares darin',
    },
    tooLarge_one:
      'Der Kalender ist zu groß oder zu komplex zum Lesen ({{count}} Termin): Die bereits gelesenen Stunden bleiben in Gebrauch.',
    tooLarge_other:
      'Der Kalender ist zu groß oder zu komplex zum Lesen ({{count}} Termine): Die bereits gelesenen Stunden bleiben in Gebrauch.',
    tooComplexZone:
      'Der Kalender ist zu groß oder zu komplex zum Lesen (Abbruch bei der Zeitzone „{{name}}“): Die bereits gelesenen Stunden bleiben in Gebrauch.',
    tooComplexSeries:
      'Der Kalender ist zu groß oder zu komplex zum Lesen (Abbruch beim Serientermin „{{name}}“): Die bereits gelesenen Stunden bleiben in Gebrauch.',
    weekday: 'Tag',
    start: 'Beginn',
    end: 'Ende',
    classroom: 'Raum',
    addLesson: 'Stunde hinzufügen',
    removeLesson: 'Stunde entfernen',
    saveWeekly: 'Plan speichern',
    weekdays: {
      '1': 'Montag',
      '2': 'Dienstag',
      '3': 'Mittwoch',
      '4': 'Donnerstag',
      '5': 'Freitag',
      '6': 'Samstag',
      '7': 'Sonntag',
    },
    newPlace: 'Welcher Raum ist „{{place}}“?',
    notARoom: 'Kein ClassTray-Raum',
    newRoom: 'Ein anderer Raum, nach seiner ID…',
    chooseRoom: 'Auswählen…',
    savePlace: 'Speichern',
    places: 'Orte und ihre Räume',
    placeRoom: 'Raum für „{{place}}“',
    forgetPlace: '„{{place}}“ entfernen',
    addPlace: 'Weiteren Ort zuordnen (Ortsangabe oder Name einer Stunde)',
    placeName: 'Ort',
    bellQuestion: 'Zugänge in {{room}} beenden, wenn dort eine Stunde endet?',
    bellYes: 'Ja, beenden',
    bellNo: 'Nein, behalten',
    bell: 'Zugänge in {{room}} beenden, wenn dort eine Stunde endet',
    /** The lesson now, its room and its end (lessonUntil, endsAccesses, endsAccessesIn) in one line. */
    lesson: '{{title}}, {{room}} · {{end}}',
    lessonUntitled: 'Stunde, {{room}} · {{end}}',
    lessonUntil: 'bis {{time}}',
    /** A lesson under way in a place not mapped to a classroom yet (the header). */
    unmappedNow: '{{title}} jetzt in {{place}}: welcher Raum?',
    unmappedNowUntitled: 'Eine Stunde jetzt in {{place}}: welcher Raum?',
    unmappedChoose: 'Raum wählen',
    lessonElsewhere: 'Dieses Fenster zeigt {{shown}}.',
    openRoom: '{{room}} öffnen',
    endsAccesses: 'Zugangsende {{time}}',
    /** The last minutes before the bell ends the room's accesses. */
    endsAccessesIn_one: 'Zugangsende in {{count}} Min.',
    endsAccessesIn_other: 'Zugangsende in {{count}} Min.',
    /** The name of the × beside the bell's end in the lesson line (it cancels that end). */
    keepAccesses: 'Zugänge nach dieser Stunde behalten',
  },
  dataFolder: {
    notPrivate:
      'ClassTray verwendet seinen Datenordner {{folder}} nicht: Er oder etwas darin gehört einem anderen Benutzer dieses Computers, oder ClassTray konnte ihn nicht privat machen. Verwenden Sie einen eigenen Ordner, oder bitten Sie Ihre IT, das mit den Angaben unten zu beheben.',
    logFolderNotPrivate:
      'ClassTray verwendet seinen Protokollordner {{folder}} nicht: Er oder etwas darin gehört einem anderen Benutzer dieses Computers, oder ClassTray konnte ihn nicht privat machen. Bitten Sie Ihre IT, das mit den Angaben unten zu beheben.',
    aboveOpen:
      'ClassTray verwendet seinen Datenordner {{folder}} nicht: Er liegt in {{above}}, wo ein anderer Benutzer dieses Computers einen eigenen Ordner an seine Stelle setzen könnte. Verwenden Sie einen eigenen Ordner, oder bitten Sie Ihre IT, {{above}} mit den Angaben unten zu beheben.',
    logFolderAboveOpen:
      'ClassTray verwendet seinen Protokollordner {{folder}} nicht: Er liegt in {{above}}, wo ein anderer Benutzer dieses Computers einen eigenen Ordner an seine Stelle setzen könnte. Bitten Sie Ihre IT, {{above}} mit den Angaben unten zu beheben.',
  },
  tray: {
    open: 'ClassTray öffnen',
    recentClassrooms: 'Zuletzt geöffnete Räume',
    refreshNow: 'Jetzt aktualisieren',
    demoData: 'Demodaten',
    myAccount: 'Mein Konto',
    keepOpen: 'Fenster geöffnet lassen',
    startAtLogin: 'Bei der Anmeldung starten',
    restartToUpdate: 'Zum Aktualisieren neu starten',
    updateFailed: 'Update fehlgeschlagen; neuer Versuch morgen',
    openLogFolder: 'Protokollordner öffnen',
    couldNotStart: 'ClassTray konnte nicht starten',
    dataFolderInUse:
      'Ein anderes ClassTray-Programm verwendet den Datenordner {{folder}}. Schließen Sie es, oder starten Sie ClassTray mit einem anderen Datenordner.',
    dataFolderUnwritable: 'ClassTray kann nicht in seinen Datenordner {{folder}} schreiben.',
    stoppedTitle: 'ClassTray wurde beendet',
    stoppedBody:
      'In ClassTray ist ein Fehler aufgetreten, der sich nicht beheben lässt; ClassTray wird geschlossen. Starten Sie es erneut; Einzelheiten stehen im Protokoll.',
    quit: 'ClassTray beenden',
    online: '{{online}} von {{total}} online',
    lastKnown: 'zuletzt bekannt',
    noClassroom: 'kein Raum gewählt',
    connecting: 'wird verbunden…',
    unreachable: 'Dienst nicht erreichbar',
    tokenMissing: 'kein API-Token gespeichert',
    tokenRejected: 'Token abgelehnt',
    slow: 'Dienst antwortet langsam',
    classroomNotFound: 'Raum nicht gefunden',
    wentOffline: '{{device}} ist jetzt offline',
    cameBack: '{{device}} ist wieder online',
    andMore_one: 'und {{count}} weiteres',
    andMore_other: 'und {{count}} weitere',
    nextEnd: 'Nächstes Ende: {{time}}, {{target}}',
    nextEndRetrying: 'Ende um {{time}} wird erneut versucht: {{target}}',
    endsTooltip: 'endet um {{time}}',
    endRetryingTooltip: 'Ende um {{time}} wird erneut versucht',
    classroomTarget: '{{classroom}} (alle Zugänge)',
    accessTarget: '{{student}} an {{device}}',
    accessToken: 'Zugang {{token}}',
    endRanTitle: 'Geplantes Ende ausgeführt: {{target}}',
    endRanEnded_one: '{{count}} Zugang beendet.',
    endRanEnded_other: '{{count}} Zugänge beendet.',
    endRanNoneRunning: 'Es war kein Zugang mehr aktiv.',
    endRanAtSleep: 'Es lief früher, um {{time}}, als der Computer in den Ruhezustand ging.',
    endRanLate_one:
      'Es wurde {{count}} Min. zu spät ausgeführt: Der Computer war im Ruhezustand oder ClassTray war geschlossen.',
    endRanLate_other:
      'Es wurde {{count}} Min. zu spät ausgeführt: Der Computer war im Ruhezustand oder ClassTray war geschlossen.',
    endRanFailed_one: '{{count}} Zugang konnte nicht beendet werden: Neuer Versuch läuft.',
    endRanFailed_other: '{{count}} Zugänge konnten nicht beendet werden: Neuer Versuch läuft.',
    endRanNotYet: 'Noch nicht erledigt: Neuer Versuch läuft.',
    quitRunning_one: '{{count}} Zugang läuft noch in {{rooms}}',
    quitRunning_other: '{{count}} Zugänge laufen noch in {{rooms}}',
    quitDetail:
      'Lassen Sie sie laufen, bleiben sie offen: Die Schüler bleiben verbunden, bis Sie sie nach dem nächsten Start in ClassTray beenden.',
    quitEndNow: 'Jetzt beenden',
    quitKeep: 'Weiterlaufen lassen',
    quitCancel: 'Abbrechen',
    quitNotEnded_one: '{{count}} Zugang konnte nicht beendet werden',
    quitNotEnded_other: '{{count}} Zugänge konnten nicht beendet werden',
    quitNotEndedDetail:
      'Sie bleiben in der Liste von ClassTray: Beenden Sie sie dort nach dem nächsten Start.',
    quitAnyway: 'Trotzdem beenden',
    roomNotRecorded: 'einem nicht erfassten Raum',
    nowLesson: 'Jetzt: {{room}} bis {{time}}',
    nextLesson: 'Danach: {{room}} um {{time}}',
    readinessNotice: '{{room}} um {{time}}: {{offline}} von {{total}} Geräten offline',
    timetableFailed: 'Stundenplan nicht aktualisiert: siehe Einstellungen',
  },
  schoolPolicies: {
    ServiceUrl: {
      title: 'Dienst-URL',
      explain: 'Die Adresse des Dienstes (https://…), ohne Benutzername, Passwort oder Abfrage.',
    },
    AuthHeader: {
      title: 'Name des Auth-Headers',
      explain: 'Der Name des Headers, in dem das Token gesendet wird (Standard: X-Token-SVC).',
    },
    DemoDataAllowed: {
      title: 'Demodaten erlauben',
      explain:
        'Ob die Demo-Schule angezeigt werden darf (0: nur der Dienst, sobald ServiceUrl gesetzt ist).',
    },
    RoomPlansFolder: {
      title: 'Ordner der Sitzpläne',
      explain:
        'Die Sitzpläne der Schule: eine Datei pro Raum, benannt nach seiner Raum-ID (.json).',
    },
    RoomPlansLocked: {
      title: 'Sitzpläne sperren',
      explain:
        'Ob der Plan der Schule für einen Raum so gezeigt wird, wie er ist, ohne Anpassung (1).',
    },
    PollVisibleSeconds: {
      title: 'Aktualisierungsintervall bei geöffnetem Fenster (Sekunden)',
      explain: 'Aktualisierungsintervall, solange das Fenster geöffnet ist, in Sekunden.',
    },
    PollHiddenSeconds: {
      title: 'Aktualisierungsintervall bei ausgeblendetem Fenster (Sekunden)',
      explain: 'Aktualisierungsintervall, solange das Fenster ausgeblendet ist, in Sekunden.',
    },
    ReadinessMinutesBefore: {
      title: 'Raum der nächsten Stunde prüfen (Minuten vorher)',
      explain: 'Wie viele Minuten vor jeder Stunde die Geräte ihres Raums geprüft werden (0: nie).',
    },
    SupportEmail: {
      title: 'IT-Kontakt (E-Mail)',
      explain:
        'Die Adresse, an die „E-Mail an die IT“ den Bericht über nicht bereite Geräte schreibt.',
    },
    StartAtLogin: {
      title: 'Bei der Anmeldung starten',
      explain: 'ClassTray starten, wenn sich die Lehrkraft anmeldet.',
    },
    OpenShortcut: {
      title: 'Tastenkürzel zum Öffnen von ClassTray',
      explain:
        'Tasten, die das Fenster von überall öffnen (CommandOrControl+Shift+F9); leer: keine.',
    },
    DeviceChangeNotifications: {
      title: 'Benachrichtigungen, wenn sich Geräte ändern',
      explain:
        'Benachrichtigen, wenn ein Gerät offline oder wieder online geht, während das Fenster ausgeblendet ist.',
    },
    RunningAccessesOnQuit: {
      title: 'Laufende Zugänge beim Beenden von ClassTray',
      explain:
        "'ask' (die Lehrkraft wählt), 'end' (beenden, dann schließen) oder 'keep' (schließen; sie bleiben für den nächsten Start erfasst).",
    },
    EndsDuringSleep: {
      title: 'Geplante Enden im Ruhezustand',
      explain:
        "'end-at-sleep' (jeden Zugang mit geplantem Ende beenden, wenn der Computer in den Ruhezustand geht) oder 'end-on-wake' (beim Aufwachen, verspätet).",
    },
    StudentNames: {
      title: 'Schülernamen',
      explain:
        "Was von einem eingegebenen Namen gespeichert wird: 'full' (wie eingegeben), 'initials' (Initialen) oder 'off' (nur Geräte).",
    },
    StudentDataRetentionHours: {
      title: 'Aufbewahrung der Schülernamen (Stunden)',
      explain:
        'Stunden, die Schülernamen nach dem Ende des Schultags (18:00) gespeichert bleiben, von 0 bis 720.',
    },
    Handover: {
      title: 'Raumübergabe',
      explain:
        'Ob eine Lehrkraft die laufenden Zugänge eines Raums an Kollegen übergeben darf: with-names (Namen nur, wenn sie es ankreuzt), without-names oder off.',
    },
    UpdatesEnabled: {
      title: 'Aktualisierungen',
      explain:
        'Nach Updates suchen, sie herunterladen und anbieten (0: Die IT verteilt jede Version selbst).',
    },
    UpdateFeedUrl: {
      title: 'URL des Update-Feeds',
      explain:
        'Der Update-Feed: ein https://-Ordner mit latest.yml und den Installationsprogrammen.',
    },
    UpdateChannel: {
      title: 'Update-Kanal',
      explain: 'Welche Versionen übernommen werden: latest (stabil) oder beta.',
    },
    AllowUpdateDowngrade: {
      title: 'Downgrades bei Updates erlauben',
      explain:
        'Eine Version aus dem Feed übernehmen, die älter ist als die installierte (Standard 0, unabhängig vom Kanal).',
    },
  },
  policyTemplate: {
    description:
      'Einstellungen, die eine Schule für ClassTray auf jedem Laptop festlegt oder sperrt.',
    defaults: 'ClassTray: Voreinstellungen, die die Lehrkraft ändern darf',
    supportedOn: 'ClassTray {{version}} und höher',
  },
  policyPage: {
    heading: 'Von Ihrer Schule festgelegt',
    intro:
      'Was die IT Ihrer Schule für ClassTray auf diesem Computer festgelegt hat, jede Minute neu gelesen.',
    nothing: 'Die IT Ihrer Schule hat für ClassTray auf diesem Computer nichts festgelegt.',
    inForce: 'In Kraft',
    locked: 'Gesperrt: Lässt sich hier nicht ändern',
    default: 'Standard: Sie können es ändern',
    from: 'Quelle: {{source}}',
    on: 'Ein',
    off: 'Aus',
    ignored: 'Ignoriert',
    keptLastGood: 'die zuletzt gültige Richtlinie gilt weiter, bis das behoben ist',
    why: {
      notPolicies: 'ist kein Objekt mit Richtlinien',
      alsoLocked: 'ist hier auch gesperrt (der gesperrte Wert gilt)',
      neverPolicyToken:
        'ist nie eine Richtlinie (das API-Token bleibt im Schlüsselbund jeder Lehrkraft)',
      neverPolicyTimetable:
        'ist nie eine Richtlinie (der Stundenplan gehört jeder Lehrkraft selbst)',
      notClassTrayPolicy: 'ist keine ClassTray-Richtlinie',
      breaksRule: 'entspricht nicht der zugehörigen Regel',
      notRegularFile: 'ist keine reguläre Datei',
      notOwnedByRoot: 'gehört nicht root',
      writableByOthers: 'ist für die Gruppe oder andere beschreibbar',
      unreadable: 'konnte nicht gelesen werden ({{error}})',
      tooLarge: 'ist größer als {{kib}} KiB',
      keptChanging: 'hat sich beim Lesen laufend geändert',
      notUtf8: 'ist kein UTF-8-Text',
      notJson: 'ist kein gültiges JSON',
      plistUnreadable:
        'konnte nicht als Eigenschaftsliste gelesen werden (plutil endete mit Code {{exit}})',
      regUnreadable: 'konnte nicht gelesen werden (reg.exe endete mit Code {{exit}})',
      wrongRegType: 'ist vom Typ {{type}}, nicht {{expected}}',
    },
    rule: {
      integer: 'Erlaubt ist eine ganze Zahl von {{min}} bis {{max}}.',
      boolean: 'Erlaubt ist true oder false (1 oder 0 in der Registrierung).',
      choice: 'Erlaubt ist einer dieser Werte: {{choices}}.',
    },
  },
  refusals: {
    settingsNotSaved:
      'Ihre Änderung wurde nicht gespeichert: ClassTray kann seine Einstellungsdatei {{file}} nicht schreiben. Prüfen Sie, ob der Datenträger voll ist und ob Ihr Benutzer dort schreiben darf.',
    classroomUnknown:
      'Der Dienst hat keinen Raum mit der ID „{{id}}“. Die ID ist der letzte Teil der Adresse des Raums im Dienst: Prüfen Sie sie und versuchen Sie es erneut.',
    endTimePassed: 'Diese Uhrzeit ist schon vorbei: Wählen Sie eine spätere.',
    endTooFarAhead:
      'Ein Ende lässt sich höchstens {{hours}} Stunden im Voraus planen: Wählen Sie eine frühere Uhrzeit.',
    accessNotListed: 'Dieser befristete Zugang ist nicht in der Liste: Fügen Sie ihn zuerst hinzu.',
    accessAlreadyEnded: 'Dieser befristete Zugang ist bereits beendet.',
    classroomNotListed: 'Dieser Raum ist nicht in Ihrer Liste: Öffnen Sie ihn zuerst.',
    noServiceUrl: 'Es ist noch keine Dienst-URL gespeichert: Verbinden Sie zuerst Ihr Konto.',
    setBySchool:
      'Ihre Schule hat dies festgelegt ({{setting}}), daher lässt es sich hier nicht ändern.',
    calendarTooComplex:
      'Dieser Kalender ist zu groß oder zu komplex zum Lesen, daher wurde nichts geändert.',
    addressInvalid: 'Das ist keine Webadresse: Sie muss mit https:// beginnen.',
    addressNotHttps:
      'Die Adresse muss mit https:// beginnen; nur eine Adresse auf diesem Computer (localhost, 127.0.0.1, ::1) darf http:// verwenden.',
    addressCredentials:
      'Die Adresse darf keinen Benutzernamen und kein Passwort enthalten (benutzer:passwort@).',
    addressQuery:
      'Die Adresse darf keine Abfrage (?…) und kein Fragment (#…) enthalten: Ein Token gehört in das Token-Feld, nie in die Adresse.',
    timetableAddressLinkLocal:
      'ClassTray lädt keinen Stundenplan von einer Adresse der netzeigenen Dienste (169.254.…, fe80::…): Fragen Sie nach der https://-Adresse des Stundenplans.',
    timetableRedirectRefused:
      'Der Stundenplan-Server hat ClassTray an eine Adresse weitergeleitet, der es nicht folgt (nicht https:// oder innerhalb dieses Computers oder seines Netzwerks): Fragen Sie nach der https://-Adresse des Stundenplans.',
    timetableTooManyRedirects:
      'Der Stundenplan-Server hat mehr als {{hops}} Mal oder ins Leere weitergeleitet; ClassTray versucht es später erneut.',
    timetableAddressRefused:
      'Der Stundenplan-Server hat die Adresse abgelehnt (HTTP {{status}}): Veröffentlichen Sie den Stundenplan erneut und fügen Sie seine neue Adresse ein.',
    timetableServerFailed:
      'Der Stundenplan-Server hat einen Fehler gemeldet (HTTP {{status}}); ClassTray versucht es später erneut.',
    timetableTooLarge:
      'Der Stundenplan-Server hat mehr als {{mib}} MiB gesendet, mehr als jeder Stundenplan braucht; die Übertragung wurde abgebrochen.',
    timetableTimedOut:
      'Der Stundenplan-Server hat den Stundenplan nicht innerhalb von {{seconds}} s gesendet.',
    timetableUnreachable: 'Der Stundenplan-Server ist nicht erreichbar.',
    timetableAddressMissing:
      'Die Adresse des Stundenplans ist auf diesem Computer nicht gespeichert: Fügen Sie sie erneut ein.',
    timetableNotCalendar: 'Der Stundenplan ist keine iCalendar-Datei (.ics).',
    timetableReadFailed:
      'Der Stundenplan konnte nicht gelesen werden; es gelten die Stunden der letzten guten Kopie.',
    timetableEmpty: 'Der Stundenplan-Server hat nichts gesendet.',
    timetableNotReadQuitting: 'Der Stundenplan wurde nicht gelesen: ClassTray wird beendet.',
    serviceUnauthorized:
      'Der Dienst hat das API-Token abgelehnt: Prüfen Sie es in den Einstellungen.',
    serviceClassroomNotFound: 'Der Dienst kennt diesen Raum nicht: Prüfen Sie die Raum-ID.',
    serviceAccessNotFound: 'Der Dienst kennt diesen befristeten Zugang nicht.',
    serviceAlreadyEnded: 'Dieser befristete Zugang ist bereits beendet oder abgelaufen.',
    serviceRateLimited:
      'Der Dienst bittet ClassTray, langsamer zu fragen: Versuchen Sie es gleich noch einmal.',
    serviceUnreachable:
      'Der Dienst war nicht erreichbar: Prüfen Sie das Netzwerk und versuchen Sie es erneut.',
    serviceFailed:
      'Der Dienst hatte einen Fehler (HTTP {{status}}): Versuchen Sie es gleich noch einmal.',
    serviceBadResponse: 'Der Dienst hat eine Antwort geschickt, die ClassTray nicht lesen kann.',
    serviceRefusedRequest: 'Der Dienst hat die Anfrage abgelehnt.',
    tokenNotText: 'Das API-Token muss Text sein: Fügen Sie es erneut ein.',
    tokenEmpty: 'Das API-Token ist leer: Fügen Sie es erneut ein.',
    tokenControlCharacters:
      'Das API-Token enthält Zeilenumbrüche oder Steuerzeichen: Fügen Sie es erneut ein.',
    classTrayFailed:
      'In ClassTray ist ein unerwarteter Fehler aufgetreten; das Protokoll nennt den Grund.',
    handoverNotAllowed: 'Ihre Schule erlaubt nicht, einen Raum zu übergeben.',
    handoverNothingRunning: 'In diesem Raum läuft kein Zugang: Es gibt nichts zu übergeben.',
    handoverCodeWrong:
      'Dieser Code öffnet diese Übergabe nicht, oder die Übergabe wurde verändert. Nichts wurde übernommen.',
    handoverExpired:
      'Diese Übergabe ist abgelaufen (sie kann {{minutes}} Minuten lang übernommen werden). Nichts wurde übernommen: Bitten Sie um eine neue.',
    handoverUnreadable:
      'Das ist keine ClassTray-Übergabe, oder ein Teil fehlt. Nichts wurde übernommen.',
    handoverTakenAlready:
      'Diese Übergabe wurde hier schon übernommen. Nichts wurde erneut übernommen.',
    diagnosticsNotCopied:
      'Die Diagnosedaten konnten nicht in die Zwischenablage kopiert werden: Versuchen Sie es erneut.',
  },
} as const satisfies Messages;
