/**
 * Dutch, addressing the teacher as "je" (as Dutch school software and Google and Apple do); a
 * temporal access is a "tijdelijke toegang", a classroom a "lokaal", a lesson a "les".
 */
import type { Messages } from './messages';

export const nl = {
  app: {
    startFailed: 'ClassTray kon niet starten: {{message}}',
    actionFailed: 'Dat is niet gelukt: {{message}}',
  },
  header: {
    title: 'ClassTray',
    classroom: 'Lokaal',
    chooseClassroom: 'Kies een lokaal',
    addClassroom: 'Lokaal toevoegen',
    classroomId: 'Lokaal-id',
    /** A classroom without a name: its id, marked as one. */
    roomById: '{{id}} (lokaal-id)',
    classroomIdHint:
      'Het laatste deel van het adres van het lokaal in de dienst, zoals in …/classrooms/room-12. Het wordt gecontroleerd als je het lokaal opent.',
    nickname: 'Eigen naam (optioneel)',
    open: 'Openen',
    cancel: 'Annuleren',
    manageClassroom: 'Lokaal hernoemen of verwijderen',
    manageNamed: '{{name}} hernoemen of verwijderen',
    newNickname: 'Eigen naam',
    nicknameHint: 'Laat leeg om het id te tonen: {{id}}.',
    rename: 'Hernoemen',
    removeFromList: 'Uit lijst verwijderen',
    fixClassroomForm: 'Lokaal-id {{id}} corrigeren',
    fixHint: 'De dienst kent “{{id}}” niet. Corrigeer het id of verwijder het uit de lijst.',
    refresh: 'Vernieuwen',
    settings: 'Instellingen',
    onlineCount: '{{online}} van {{total}} online',
    onlineCountAsOf: '{{online}} van {{total}} online om {{time}}',
    updatedAt: 'Bijgewerkt om {{time}}',
    notUpdated: 'Nog niet bijgewerkt',
    demo: 'Demogegevens',
    demoNotice: 'Dit is een demoschool.',
    connectAccount: 'Account koppelen',
    dismissNotice: 'Demomelding sluiten',
    demoClassrooms: {
      'lab-1': 'Computerlokaal 1',
      'room-12': 'Lokaal 12',
      library: 'Bibliotheek',
      music: 'Muzieklokaal',
    },
  },
  banner: {
    offline: 'De dienst is niet bereikbaar. De laatst bekende apparaten worden getoond.',
    unauthorized:
      'De dienst heeft het API-token geweigerd. De laatst bekende apparaten worden getoond.',
    noToken: 'Geen API-token opgeslagen. De laatst bekende apparaten worden getoond.',
    classroomNotFound: 'Lokaal niet gevonden. Controleer het lokaal-id.',
    stale: 'Het laatste vernieuwen is mislukt, dus deze lijst is mogelijk niet actueel.',
    slow: 'De dienst reageert traag. De laatst bekende apparaten worden getoond terwijl ClassTray wacht.',
    internal:
      'Er ging iets mis in ClassTray bij het vernieuwen, dus deze lijst is mogelijk niet actueel. Vernieuw om het opnieuw te proberen.',
    nothingLoaded: {
      offline: 'De dienst is niet bereikbaar, dus er konden geen apparaten worden geladen.',
      unauthorized:
        'De dienst heeft het API-token geweigerd, dus er konden geen apparaten worden geladen.',
      noToken: 'Geen API-token opgeslagen, dus er konden geen apparaten worden geladen.',
      stale: 'De dienst gaf geen antwoord, dus er konden geen apparaten worden geladen.',
      slow: 'De dienst reageert traag. ClassTray wacht nog op de apparaten.',
      internal: 'Er ging iets mis in ClassTray bij het laden van de apparaten.',
    },
    nextAttempt: 'Nieuwe poging om {{time}}.',
    openSettings: 'Instellingen controleren',
    connect: 'Verbinden',
    retryNow: 'Nu opnieuw proberen',
    close: 'Deze melding sluiten',
    fixClassroom: 'Lokaal-id corrigeren',
  },
  devices: {
    changedRecently: 'gewijzigd in de afgelopen 5 minuten',
    heading: 'Apparaten',
    headingAsOf: 'Apparaten om {{time}}',
    search: 'Leerlingen en apparaten zoeken',
    searchPlaceholder: 'Leerling of apparaat',
    show: 'Tonen',
    compact: 'Compacte weergave',
    filter: {
      all: 'Alle',
      online: 'Online',
      offline: 'Offline',
    },
    online: 'Online',
    offline: 'Offline',
    unknown: 'Onbekend',
    filterCount: '{{filter}} {{total}}',
    wentOffline: '{{ago}} offline gegaan',
    backOnline: '{{ago}} weer online',
    justNow: 'Zojuist',
    nowShort: 'nu',
    lastSeenOnline: 'Laatst online gezien om {{time}}',
    changedCount_one: '{{count}} gewijzigd',
    changedCount_other: '{{count}} gewijzigd',
    changedToTop_one: '{{count}} gewijzigd: bovenaan tonen',
    changedToTop_other: '{{count}} gewijzigd: bovenaan tonen',
    announce: {
      wentOffline: '{{name}} is offline gegaan',
      backOnline: '{{name}} is weer online',
      several_one: '{{count}} apparaat gewijzigd: {{changes}}',
      several_other: '{{count}} apparaten gewijzigd: {{changes}}',
      wentOfflineCount_one: '{{count}} offline gegaan',
      wentOfflineCount_other: '{{count}} offline gegaan',
      backOnlineCount_one: '{{count}} weer online',
      backOnlineCount_other: '{{count}} weer online',
    },
    no2fa: 'Geen 2FA',
    disabled: 'Uitgeschakeld',
    copyId: 'Id {{id}} kopiëren',
    copyPassword: 'Wachtwoord kopiëren',
    copyPasswordFor: 'Wachtwoord van {{name}} kopiëren',
    copied: 'Gekopieerd',
    copiedClearedIn: 'Gekopieerd: gewist over {{seconds}} s',
    copiedClearedOnQuit: 'Gekopieerd: gewist bij afsluiten van ClassTray',
    copiedNotCleared: 'Gekopieerd: deze browser kan het later niet wissen',
    notAvailable: 'Niet beschikbaar',
    copyFailed: 'Kopiëren mislukt',
    noClassroom: 'Kies of voeg een lokaal toe om de apparaten te zien.',
    empty: 'Dit lokaal heeft geen apparaten.',
    noMatch: 'Geen leerling of apparaat gevonden.',
    notLoaded: 'Nog geen apparaten geladen.',
    loading: 'Apparaten laden…',
  },
  /** The room as it stands: the seat plan (src-renderer/views/seatPlan/). */
  seatPlan: {
    arrange: 'Indelen',
    done: 'Klaar',
    undo: 'Ongedaan maken',
    exportPlan: 'Plattegrond exporteren',
    importPlan: 'Plattegrond importeren',
    planLabel: 'Plattegrond van het lokaal',
    front: 'Voorkant: bureau en bord',
    turnFront: 'Voorkant naar de andere kant',
    rows: 'Rijen',
    columns: 'Plaatsen per rij',
    help: 'Kies een apparaat en dan zijn plaats: klik op beide, sleep het, of druk op Enter, verplaats het met de pijltjestoetsen en druk weer op Enter. Esc annuleert.',
    notPlaced: 'Zonder plaats',
    allPlaced: 'Elk apparaat heeft een plaats.',
    seat: 'Rij {{row}}, plaats {{column}}',
    emptySeat: 'Rij {{row}}, plaats {{column}}, leeg',
    leftRoom: 'niet meer in dit lokaal',
    clearSeat: 'Plaats van {{name}} vrijmaken',
    picked: '{{name}} opgepakt: kies een plaats met de pijltjestoetsen en druk op Enter.',
    moved: '{{name}} verplaatst naar rij {{row}}, plaats {{column}}.',
    unplaced: '{{name}} verplaatst naar ‘Zonder plaats’.',
    cancelled: '{{name}} blijft waar het was.',
    undone: 'Laatste verplaatsing ongedaan gemaakt.',
    imported: 'Plattegrond geïmporteerd.',
    notInRoom: 'Plaatsen met een apparaat dat dit lokaal niet heeft: {{seats}}. Ze blijven leeg.',
    schoolPlan: 'Plattegrond van uw school',
    schoolPlanChanged: 'Plattegrond van uw school, door u aangepast',
    useSchoolPlan: 'Terug naar de plattegrond van de school',
    locked: 'Plattegrond van uw school, vastgelegd door uw school',
    actionsFor: 'Acties voor {{name}}',
    close: 'Sluiten',
    unreadable: 'Het bestand kon niet worden gelezen: er is niets geïmporteerd.',
    problem: {
      tooLarge:
        'Dit bestand is groter dan 1 MiB, meer dan een plattegrond nodig heeft: er is niets geïmporteerd.',
      tooDeep: 'Dit bestand is dieper genest dan een plattegrond: er is niets geïmporteerd.',
      notPlan: 'Dit bestand is geen ClassTray-plattegrond: er is niets geïmporteerd.',
      notJson: 'Regel {{line}} is geen geldige JSON: er is niets geïmporteerd.',
      badValue:
        'Regel {{line}} bevat een waarde die een plattegrond niet toestaat: er is niets geïmporteerd.',
      outsideRoom:
        'Regel {{line}} zet een apparaat buiten de rijen en plaatsen van het lokaal: er is niets geïmporteerd.',
      seatTaken:
        'Regel {{line}} zet een tweede apparaat op dezelfde plaats: er is niets geïmporteerd.',
      placedTwice: 'Regel {{line}} geeft een apparaat een tweede plaats: er is niets geïmporteerd.',
    },
  },
  accesses: {
    heading: 'Tijdelijke toegangen',
    runningCount_one: '{{count}} actief',
    runningCount_other: '{{count}} actief',
    runningElsewhere_one: '+{{count}} in een ander lokaal',
    runningElsewhere_other: '+{{count}} in andere lokalen',
    input: 'Link of token van tijdelijke toegang',
    placeholder: 'Plak een link',
    problem: {
      empty: 'Plak eerst een link of token van een tijdelijke toegang.',
      'no-token': 'Geen token van een tijdelijke toegang gevonden in die tekst.',
      'several-tokens': 'Die tekst bevat meer dan één token. Plak er maar één.',
      'already-tracked': 'Die tijdelijke toegang staat al in de lijst.',
    },
    none: 'Geen tijdelijke toegangen gevolgd. Plak er hierboven een om die met één klik te beëindigen.',
    token: 'Token {{token}}',
    device: 'Apparaat {{name}}',
    unnamedDevice: 'apparaat {{id}}',
    state: {
      given: 'Verleend',
      endsAt: 'Eindigt om {{time}}',
      ended: 'Beëindigd',
      alreadyEnded: 'Al beëindigd of verlopen',
      unknown: 'Onbekend bij de dienst',
      notEndedRetry: 'Niet beëindigd, probeer opnieuw: {{problem}}',
      notEnded: 'Niet beëindigd: {{problem}}',
      notEndedShort: 'Niet beëindigd',
    },
    warnNo2fa:
      'Dit apparaat heeft geen 2FA: de dienst kan deze toegang niet automatisch beëindigen',
    stopTracking: 'Niet meer volgen',
    stopKeepsRunning: 'De toegang blijft actief: alleen Toegang beëindigen beëindigt hem.',
    stoppedRunning: '{{name}} wordt niet meer gevolgd. De toegang blijft actief bij de dienst.',
    stopped: '{{name}} wordt niet meer gevolgd.',
    undo: 'Ongedaan maken',
    endedToday: 'Vandaag beëindigd',
    endAll: 'Alle beëindigen: elke toegang in dit lokaal',
    endAllShort: 'Alle beëindigen',
    endAllDismiss: 'Resultaat van Alle beëindigen sluiten',
    endAllQuestion_one: '{{count}} toegang nu beëindigen: {{names}}?',
    endAllQuestion_other: '{{count}} toegangen nu beëindigen: {{names}}?',
    endAllConfirm_one: '{{count}} toegang beëindigen',
    endAllConfirm_other: '{{count}} toegangen beëindigen',
    cancel: 'Annuleren',
    endAllEnded_one: '{{count}} toegang beëindigd.',
    endAllEnded_other: '{{count}} toegangen beëindigd.',
    endAllNotEnded: '{{name}}: {{state}}',
    endAllNoneEnded: 'Geen toegang beëindigd.',
    alreadyEndedCount_one: '{{count}} toegang was al beëindigd of verlopen.',
    alreadyEndedCount_other: '{{count}} toegangen waren al beëindigd of verlopen.',
    unknownCount_one: '{{count}} toegang was onbekend bij de dienst.',
    unknownCount_other: '{{count}} toegangen waren onbekend bij de dienst.',
    classroomNotKnown: 'Lokaal onbekend',
    classroomNotKnownHint:
      'ClassTray weet niet in welk lokaal deze zijn verleend: Alle beëindigen en Les beëindigen om… slaan ze over. Beëindig ze hier een voor een.',
    deviceField: 'Apparaat',
    findDevice: 'Apparaat zoeken',
    findDevicePlaceholder: 'Naam of id',
    noDevice: 'Geen apparaat',
    student: 'Leerling (optioneel)',
    addForm: 'Tijdelijke toegang toevoegen',
    add: 'Toevoegen',
    demoLinks: 'Links om te proberen op de demoschool:',
    demoLink: 'Demolink {{token}}…',
    openClassroom: 'In dit lokaal',
    otherClassrooms: 'Andere lokalen',
    addShort: 'Nieuwe toegang',
    addFor: 'Nieuwe toegang voor {{name}}',
    end: 'Toegang beëindigen',
    endShort: 'Beëindigen',
    endFor: 'Toegang beëindigen: {{name}}',
    ending: 'Beëindigen…',
    onTile: 'tijdelijke toegang verleend',
    onTileOf: 'tijdelijke toegang verleend aan {{student}}',
    endOnTileOf: 'Toegang van {{student}} op {{name}} beëindigen',
  },
  readiness: {
    readyCount: '{{ready}} van {{total}} klaar',
    /** Why the header's online count and the ready count differ, said beside the ready count. */
    readyMeans:
      'Klaar betekent: online, ingeschakeld in de dienst en met 2FA; het getal bovenaan telt de apparaten die online zijn.',
    title: 'Gereedheid van {{room}}',
    checkedAt: 'Gecontroleerd: {{time}}',
    notChecked: 'Nog niet gecontroleerd',
    allReady: 'Alle apparaten zijn klaar.',
    offline: 'Offline',
    offlineSince: 'Offline sinds {{time}}',
    offlineSinceAtLeast: 'Offline sinds minstens {{time}}, toen ClassTray begon te kijken',
    unknown: 'Niet in de apparatenlijst van het account: onlinestatus onbekend',
    disabled: 'Uitgeschakeld in de dienst',
    no2fa: 'Geen 2FA: een toegang erop kan niet automatisch worden beëindigd',
    checksTitle: 'Wat te controleren op een apparaat dat offline is',
    checkTool: 'Het programma voor extern bureaublad is geïnstalleerd en gestart.',
    checkConnection: 'Het programma kan zijn servers bereiken (netwerk, firewall, proxy).',
    checkLicence: 'De licentie is ingesteld en niet verlopen.',
    checkTrial: 'Het account gebruikt niet de proeflicentie van de dienst.',
    copyReport: 'Rapport voor IT kopiëren',
    copied: 'Rapport gekopieerd.',
    copyFailed: 'Het rapport kon niet worden gekopieerd.',
    emailIt: 'IT mailen',
    close: 'Gereedheid sluiten',
    notice: '{{room}} om {{time}}: {{offline}} van {{total}} apparaten offline',
    noticeShow: 'Apparaten tonen',
    noticeDismiss: 'Verbergen',
    minutesBefore: 'Het lokaal van de volgende les controleren voor ze begint',
    minutesBeforeChoice: '{{minutes}} min vooraf',
    minutesBeforeNever: 'Nooit',
    report: {
      title: 'ClassTray: apparaten niet klaar',
      titleAllReady: 'ClassTray: alle apparaten klaar',
      room: 'Lokaal: {{name}} (id {{id}})',
      checked: 'Gecontroleerd: {{time}}',
      counts:
        'Klaar: {{ready}} van {{total}}. Offline: {{offline}}. Status onbekend: {{unknown}}. Uitgeschakeld in de dienst: {{disabled}}. Zonder 2FA: {{no2fa}}.',
      allReady: 'Alle apparaten zijn klaar.',
      device: '- {{name}} (extern id {{id}}): {{states}}',
      offline: 'Offline',
      offlineSince: 'Offline sinds {{time}}',
      offlineSinceAtLeast: 'Offline sinds minstens {{time}}, toen ClassTray begon te kijken',
      unknown: 'niet in de apparatenlijst van het account',
      disabled: 'uitgeschakeld in de dienst',
      no2fa: 'geen 2FA (een toegang erop kan niet automatisch worden beëindigd)',
      checks:
        'Controleer op elk apparaat dat offline is: het programma voor extern bureaublad is geïnstalleerd en gestart; het kan zijn servers bereiken; de licentie is ingesteld en niet verlopen; het account gebruikt niet de proeflicentie van de dienst.',
      subject: 'ClassTray: apparaten niet klaar in {{room}}',
      cut: 'Ingekort voor een e-mail: „Rapport voor IT kopiëren” in ClassTray geeft het helemaal.',
    },
  },
  problems: {
    unauthorized: 'de dienst heeft het API-token geweigerd.',
    'no-token': 'er is geen API-token opgeslagen: maak verbinding in de instellingen.',
    'classroom-not-found': 'de dienst kent dit lokaal niet.',
    'access-not-found': 'de dienst kent deze tijdelijke toegang niet.',
    'already-ended': 'de toegang is al ongeldig gemaakt of verlopen.',
    'rate-limited': 'de dienst vraagt om het rustiger aan te doen. Probeer het zo opnieuw.',
    network: 'de dienst was niet bereikbaar.',
    server: 'er ging iets mis bij de dienst.',
    'bad-response': 'de dienst stuurde een antwoord dat ClassTray niet kan lezen.',
    'bad-request': 'de dienst heeft het verzoek geweigerd.',
    internal: 'er ging onverwacht iets mis in ClassTray; het logboek zegt waarom.',
  },
  settings: {
    heading: 'Instellingen',
    close: 'Klaar',
    cancel: 'Annuleren',
    account: 'Account en verbinding',
    useDemo: 'Demogegevens gebruiken',
    useDemoHint: 'Een ingebouwde demoschool, zonder account.',
    serviceUrl: 'URL van de dienst',
    token: 'API-token',
    tokenSaved: 'Er is een token opgeslagen {{where}}.',
    tokenMissing: 'Geen token opgeslagen.',
    tokenReplace: 'Typ een nieuw token',
    tokenPaste: 'Plak je API-token',
    where: {
      keychain: 'in de sleutelhanger van het systeem',
      fallback: 'in een versleuteld bestand',
      memory: 'alleen voor deze sessie',
      environment: 'in de omgevingsvariabele CLASSTRAY_TOKEN',
    },
    why: {
      fallback:
        'Er was geen sleutelhanger van het systeem beschikbaar, dus ClassTray bewaart het token zelf versleuteld (om de sleutelhanger op Debian te gebruiken: apt-get install libsecret-1-dev && npm ci).',
      memory:
        'Er is geen sleutelhanger van het systeem beschikbaar: een token wordt vergeten als ClassTray sluit (om de sleutelhanger op Debian te gebruiken: apt-get install libsecret-1-dev && npm ci).',
      environment: 'Het gaat voor elk opgeslagen token en wordt nooit opgeslagen.',
      keychainWaiting:
        'De sleutelhanger van het systeem antwoordt niet: ClassTray gaat zonder verder en gebruikt het daar opgeslagen token zodra hij antwoordt, zonder er opnieuw om te vragen.',
    },
    forgetToken: 'Token vergeten',
    advanced: 'Geavanceerd',
    authHeader: 'Naam van de auth-header',
    connect: 'Opslaan en verbinden',
    connectedTo: 'Verbonden met {{host}}: de dienst antwoordde en het account is opgeslagen.',
    check: {
      'no-token': 'De URL is opgeslagen. Plak het API-token om te verbinden.',
      'token-rejected':
        'De dienst heeft dit API-token geweigerd (401/403). Er is niets opgeslagen.',
      unreachable:
        'Dat adres is niet bereikbaar. Controleer de URL en het netwerk. Er is niets opgeslagen.',
      'not-this-service':
        'Dat adres antwoordde, maar niet als dit soort dienst: controleer de URL. Er is niets opgeslagen.',
      'service-failed':
        'De dienst antwoordde met een eigen fout. Probeer het zo opnieuw. Er is niets opgeslagen.',
    },
    urlRequired: 'Vul de URL van de dienst in.',
    general: 'Algemeen',
    pollInterval: 'Vernieuwingsinterval (seconden)',
    pollRange: 'Vul een geheel getal in van {{min}} tot {{max}}.',
    notifications: 'Bureaubladmeldingen als apparaten veranderen',
    problemsFirst: 'Problemen eerst: offline en recent gewijzigde apparaten bovenaan',
    language: 'Taal',
    systemLanguage: 'Systeem',
    languageUnderWay: '{{name}} (onvolledig)',
    startAtLogin: 'Starten bij aanmelden',
    endedRetention: 'Beëindigde toegangen bewaren (uren)',
    endedRetentionRange: 'Vul een geheel aantal uren in van {{min}} tot {{max}}.',
    clipboardClear: 'Gekopieerd wachtwoord wissen',
    clipboardClearAfter: 'na {{seconds}} s',
    clipboardClearOnQuit: 'bij afsluiten van ClassTray',
    onQuit: 'Als ClassTray afsluit terwijl toegangen lopen',
    onQuitAsk: 'mij vragen',
    onQuitEnd: 'ze beëindigen',
    onQuitKeep: 'ze laten lopen',
    duringSleep: 'Een einde dat in de slaapstand valt',
    duringSleepAtSleep: 'loopt als de computer gaat slapen',
    duringSleepOnWake: 'loopt te laat, bij het ontwaken',
    setBySchool: 'Ingesteld door je school',
    installation: {
      heading: 'Deze installatie',
      updates: {
        app: 'ClassTray installeert zelf zijn updates: het zoekt er één keer per dag naar en biedt dan Opnieuw starten en bijwerken aan in het menu in het systeemvak.',
        'school-policy':
          'Updates worden geïnstalleerd door de ICT van je school: het beleid van de school heeft ze hier uitgezet.',
        'school-msi':
          'Updates worden geïnstalleerd door de ICT van je school: ClassTray is geïnstalleerd met het MSI-pakket van de school.',
        'school-deb':
          'Updates worden geïnstalleerd door de ICT van je school: ClassTray is geïnstalleerd met het .deb-pakket van de school, dat alleen een beheerder kan bijwerken.',
        'school-admin-rights':
          'Updates worden geïnstalleerd door de ICT van je school: ClassTray is geïnstalleerd voor alle gebruikers van deze computer, en voor een update zijn beheerdersrechten nodig.',
        'unsigned-build':
          'Updates worden geïnstalleerd door de ICT van je school: deze kopie van ClassTray is gebouwd zonder certificaat voor codeondertekening, kan dus niet controleren wie een update heeft gemaakt, en neemt er geen.',
      },
      sandboxOff:
        'Dit venster draait zonder de sandbox van Chromium: dit systeem weigert de gebruikersnaamruimten (user namespaces) die de sandbox nodig heeft, dus ClassTray is gestart met --no-sandbox. Het .deb-pakket houdt de sandbox aan.',
    },
    support: {
      heading: 'Logboek en diagnose',
      about:
        'Voor de ICT en de support: het logboek vertelt wat ClassTray deed en waarom iets mislukte. Het logboek en de diagnose bevatten nooit een token, een wachtwoord, een agenda-adres of de waarde van een beleidsregel.',
      openLogFolder: 'Logboekmap openen',
      logFolderOpened: 'De logboekmap is geopend in je bestandsbeheer:',
      logFolderAt: 'De logboekmap (open hem in je bestandsbeheer):',
      copyDiagnostics: 'Diagnose kopiëren',
      diagnosticsCopied: 'Diagnose gekopieerd: plak hem in je bericht aan de support.',
    },
  },
  /** Student data: Settings' group, the access form's hint (docs/privacy.md). */
  privacy: {
    heading: 'Leerlinggegevens',
    about:
      'Een leerling heet alleen zoals u het typt (een voornaam, initialen of een plaatsnummer is genoeg), alleen op deze computer, en de naam wordt aan het eind van de schooldag (18:00) vergeten; de toegang blijft, per apparaat.',
    names: 'Namen van leerlingen',
    namesFull: 'Zoals getypt',
    namesInitials: 'Alleen initialen',
    namesOff: 'Geen: alleen apparaten',
    retention: 'Namen na de schooldag bewaren (uren)',
    retentionRange: 'Voer een geheel aantal uren in van {{min}} tot {{max}}.',
    inNotifications: 'Namen van leerlingen in meldingen tonen',
    encrypted:
      'De namen zijn versleuteld met een sleutel die uw computer voor uw gebruiker bewaart.',
    notEncryptedPreview:
      'De namen worden onversleuteld opgeslagen: de browservoorvertoning heeft geen versleuteling. Alleen uw gebruiker kan het bestand openen.',
    notEncryptedSystem:
      'De namen worden onversleuteld opgeslagen: dit systeem biedt ClassTray geen versleuteling. Alleen uw gebruiker kan het bestand openen.',
    keptNow_one: '{{count}} leerlingnaam is nu bewaard.',
    keptNow_other: '{{count}} leerlingnamen zijn nu bewaard.',
    forget: 'Alle namen van leerlingen nu vergeten',
    forgetQuestion_one:
      'De {{count}} bewaarde leerlingnaam nu vergeten? De toegangen blijven, per apparaat, elk met Toegang beëindigen.',
    forgetQuestion_other:
      'De {{count}} bewaarde leerlingnamen nu vergeten? De toegangen blijven, per apparaat, elk met Toegang beëindigen.',
    forgetConfirm: 'Namen vergeten',
    forgotten:
      'Alle namen van leerlingen zijn vergeten; de toegangen blijven per apparaat bewaard.',
    export: 'Exporteren wat ClassTray bewaart',
    exported: 'Geëxporteerd als {{file}}.',
    exportAbout:
      'Alles wat ClassTray over leerlingen bewaart in zijn gegevensmap op deze computer, op het moment van exporteren.',
    exportEncrypted:
      'versleuteld met een sleutel die het besturingssysteem voor deze gebruiker bewaart',
    exportNotEncrypted: 'niet versleuteld (gewone JSON)',
    exportForgotten:
      'aan het eind van de schooldag waarop de naam is getypt (18:00 lokale tijd), plus de bewaaruren',
    exportThisFile:
      '{{file}} is opgeslagen waar de browser downloads bewaart, of waar het opslagvenster naar wees (meestal de map Downloads), niet in de gegevensmap van ClassTray. Het valt buiten de bewaring van ClassTray: ClassTray verwijdert het nooit, ook Vergeten en Wissen niet. Verwijder het zodra het verzoek waarop het antwoordt is afgehandeld.',
    erase: 'Alle leerlinggegevens wissen',
    eraseQuestion: 'Alle leerlingnamen en alle gevolgde toegangen wissen?',
    eraseQuestionRunning_one:
      'Alle leerlingnamen en alle beëindigde toegangen wissen? {{count}} toegang loopt nog: beëindig hem eerst, of bewaar hem per apparaat, met Toegang beëindigen, tot hij eindigt.',
    eraseQuestionRunning_other:
      'Alle leerlingnamen en alle beëindigde toegangen wissen? {{count}} toegangen lopen nog: beëindig ze eerst, of bewaar ze per apparaat, elk met Toegang beëindigen, tot ze eindigen.',
    eraseEndThem: 'Beëindigen en wissen',
    eraseKeepThem: 'Wissen, laten doorlopen',
    eraseConfirm: 'Wissen',
    erased: 'Alle leerlinggegevens zijn gewist.',
    erasedEnded_one: '{{count}} lopende toegang is beëindigd.',
    erasedEnded_other: '{{count}} lopende toegangen zijn beëindigd.',
    erasedNotEnded_one:
      '{{count}} toegang kon niet worden beëindigd: hij blijft, per apparaat, met Toegang beëindigen.',
    erasedNotEnded_other:
      '{{count}} toegangen konden niet worden beëindigd: ze blijven, per apparaat, elk met Toegang beëindigen.',
    erasedKept_one:
      '{{count}} lopende toegang blijft, per apparaat, met Toegang beëindigen, tot hij eindigt.',
    erasedKept_other:
      '{{count}} lopende toegangen blijven, per apparaat, elk met Toegang beëindigen, tot ze eindigen.',
    studentHint: 'Een voornaam, initialen of een plaatsnummer is genoeg.',
  },
  schedule: {
    endAt: 'Beëindigen om…',
    endAtFor: 'Beëindigen om… voor {{name}}',
    endClassAt: 'Les beëindigen om…',
    formFor: 'Einde plannen voor {{name}}',
    formClass: 'Einde van de les plannen',
    time: 'Beëindigen om',
    classTime: 'Les beëindigen om',
    submit: 'Plannen',
    close: 'Annuleren',
    noTime: 'Typ een tijd zoals 10:50.',
    plusMinutes: '+{{minutes}} min',
    passed: '{{time}} is vandaag al voorbij: kies een latere tijd.',
    endsAt: 'Eindigt om {{time}}',
    classEndsAt: 'Les eindigt om {{time}}',
    cancelEnd: 'Einde annuleren',
    cancelEndFor: 'Einde annuleren: {{time}} voor {{name}}',
    cancelClassEnd: 'Einde annuleren: de les om {{time}}',
    accessOn: '{{student}} op {{device}}',
    inRoom: '{{target}} ({{room}})',
    ended_one: 'Gepland einde om {{time}} voor {{target}} heeft {{count}} toegang beëindigd.',
    ended_other: 'Gepland einde om {{time}} voor {{target}} heeft {{count}} toegangen beëindigd.',
    noneRunning: 'Gepland einde om {{time}} voor {{target}}: er was geen toegang actief.',
    /** Every access it tried to end failed. */
    noneEnded: 'Gepland einde om {{time}} voor {{target}}: geen toegang beëindigd.',
    atSleep: 'Het liep eerder, om {{time}}, toen de computer in slaapstand ging.',
    late_one:
      'Het liep {{count}} minuut te laat (de computer stond in de slaapstand of ClassTray was gesloten).',
    late_other:
      'Het liep {{count}} minuten te laat (de computer stond in de slaapstand of ClassTray was gesloten).',
    retrying_one: '{{count}} toegang kon niet worden beëindigd: wordt opnieuw geprobeerd.',
    retrying_other: '{{count}} toegangen konden niet worden beëindigd: wordt opnieuw geprobeerd.',
    notEnded_one: '{{count}} toegang kon niet worden beëindigd.',
    notEnded_other: '{{count}} toegangen konden niet worden beëindigd.',
    dismiss: 'Sluiten',
    dismissFor: 'Melding over het einde om {{time}} voor {{target}} sluiten',
    reports_one: '{{count}} melding',
    reports_other: '{{count}} meldingen',
  },
  /** The keys that open the window from anywhere, the keys inside it, and where ClassTray lives. */
  shortcut: {
    label: 'Sneltoets om ClassTray te openen',
    hint: 'Opent en sluit dit venster vanuit elk programma.',
    change: 'Wijzigen',
    turnOff: 'Uitzetten',
    off: 'Uit',
    listening: 'Druk op de nieuwe toetsen, of op Esc om de oude te houden.',
    needsModifier: 'Houd Ctrl, Alt of Cmd ingedrukt met een andere toets.',
    saved: 'ClassTray opent nu met {{keys}}.',
    turnedOff: 'De sneltoets staat uit.',
    unchanged: 'De sneltoets is niet gewijzigd.',
    taken:
      'Een ander programma gebruikt {{keys}} al: kies andere toetsen. Het pictogram in het systeemvak opent ClassTray nog steeds.',
    unsupported:
      'Deze desktop laat programma’s geen sneltoetsen nemen (Wayland zonder het portaal voor globale sneltoetsen): gebruik het pictogram in het systeemvak, of stel toetsen in bij de toetsenbordinstellingen van uw desktop.',
    unconfirmed:
      'ClassTray heeft deze Wayland-desktop om {{keys}} gevraagd, en alleen de desktop geeft ze door: hij kan u vragen ze te bevestigen of ze in te stellen bij zijn toetsenbordinstellingen. Als {{keys}} niets doet, gebruik dan het pictogram in het systeemvak.',
    inWindow:
      'In dit venster: {{search}} zoeken, {{endAll}} Alles beëindigen, {{classroom}} ander lokaal.',
    homeHeading: 'Waar ClassTray te vinden is',
    home: {
      'windows-tray':
        'ClassTray staat in het systeemvak aan het eind van de taakbalk. In Windows 11 kan het verborgen zijn onder het pijltje ^: sleep het pictogram naar de taakbalk, of zet het aan bij Instellingen › Persoonlijke instellingen › Taakbalk › Andere pictogrammen in het systeemvak.',
      'macos-menu-bar':
        'ClassTray staat in de menubalk boven aan het scherm: klik op het pictogram om dit venster te openen.',
      'linux-tray':
        'ClassTray staat in het systeemvak van uw paneel: klik op het pictogram om dit venster te openen.',
      window:
        'Uw desktop toont geen pictogrammen in een systeemvak, dus ClassTray draait als dit venster, met zijn menu in het venster. Onder GNOME brengt de extensie AppIndicator het pictogram terug.',
    },
    homeKeys: 'Of druk op {{keys}} in een willekeurig programma.',
    gotIt: 'Begrepen',
  },
  timetable: {
    heading: 'Rooster',
    intro:
      'ClassTray opent het lokaal van de les die nu bezig is, en kan de toegangen ervan beëindigen als de les afloopt.',
    source: 'Lessen uit',
    sourceNone: 'Geen rooster',
    /** Short: a select shows one line, cut at its edge; the services are named in addressHint. */
    sourceSubscription: 'Een agenda-abonnement',
    sourceFile: 'Een .ics-bestand (eenmalig)',
    sourceWeekly: 'Een weekrooster dat je hier invult',
    address: 'Abonnementsadres',
    addressHint:
      'Het geheime adres van je gepubliceerde agenda (WebUntis, Outlook, Google: https:// of webcal://). Wie het heeft, kan je rooster lezen: ClassTray bewaart het bij het API-token, nooit in zijn instellingenbestand.',
    addressSaved: 'Adres opgeslagen {{where}}.',
    addressMissing: 'Het adres is niet opgeslagen op deze computer: plak het opnieuw.',
    saveAddress: 'Opslaan en ophalen',
    importFile: '.ics-bestand importeren',
    downloadedToday: 'Rooster vandaag om {{time}} gedownload',
    downloadedOn: 'Rooster op {{date}} om {{time}} gedownload',
    importedToday: 'Rooster vandaag om {{time}} geïmporteerd',
    importedOn: 'Rooster op {{date}} om {{time}} geïmporteerd',
    checkedAt: 'gecontroleerd om {{time}}',
    refresh: 'Rooster vernieuwen',
    problem: 'Rooster niet bijgewerkt: {{problem}}',
    skipped_one: '{{count}} afspraak kon niet worden gelezen: {{why}}.',
    skipped_other: '{{count}} afspraken konden niet worden gelezen: {{why}}.',
    skipReasons: {
      noStart: 'geen begintijd',
      badTime: 'een datum of tijd die niet te lezen is',
      badRule: 'een herhaalregel die niet te lezen is',
      badZone: 'een tijdzone die niet te lezen is',
      tooOften: 'een herhaling van meer dan 5000 keer in de komende dagen',
      tooComplex: 'een herhaalregel die te veel rekenwerk kost om tot vandaag te volgen',
      outOfRange: 'een datum, duur of aantal herhalingen buiten het geldige bereik',
      other: 'iets erin dat niet te lezen is',
    },
    tooLarge_one:
      'De agenda is te groot of te ingewikkeld om te lezen ({{count}} afspraak): de al gelezen lessen blijven in gebruik.',
    tooLarge_other:
      'De agenda is te groot of te ingewikkeld om te lezen ({{count}} afspraken): de al gelezen lessen blijven in gebruik.',
    tooComplexZone:
      'De agenda is te groot of te ingewikkeld om te lezen (gestopt bij de tijdzone “{{name}}”): de al gelezen lessen blijven in gebruik.',
    tooComplexSeries:
      'De agenda is te groot of te ingewikkeld om te lezen (gestopt bij de terugkerende afspraak “{{name}}”): de al gelezen lessen blijven in gebruik.',
    weekday: 'Dag',
    start: 'Begin',
    end: 'Einde',
    classroom: 'Lokaal',
    addLesson: 'Les toevoegen',
    removeLesson: 'Les verwijderen',
    saveWeekly: 'Rooster opslaan',
    weekdays: {
      '1': 'Maandag',
      '2': 'Dinsdag',
      '3': 'Woensdag',
      '4': 'Donderdag',
      '5': 'Vrijdag',
      '6': 'Zaterdag',
      '7': 'Zondag',
    },
    newPlace: 'Welk lokaal is “{{place}}”?',
    notARoom: 'Geen ClassTray-lokaal',
    newRoom: 'Een ander lokaal, op id…',
    chooseRoom: 'Kiezen…',
    savePlace: 'Opslaan',
    places: 'Locaties en hun lokalen',
    placeRoom: 'Lokaal van “{{place}}”',
    forgetPlace: '“{{place}}” vergeten',
    addPlace: 'Nog een locatie koppelen (een plaats of de naam van een les)',
    placeName: 'Locatie',
    bellQuestion: 'Toegangen in {{room}} beëindigen als daar een les afloopt?',
    bellYes: 'Ja, beëindigen',
    bellNo: 'Nee, laten lopen',
    bell: 'Toegangen in {{room}} beëindigen als daar een les afloopt',
    /** The lesson now, its room and its end (lessonUntil, endsAccesses, endsAccessesIn) in one line. */
    lesson: '{{title}} · {{room}} · {{end}}',
    lessonUntitled: 'Les in {{room}} · {{end}}',
    lessonUntil: 'tot {{time}}',
    /** A lesson under way in a place not mapped to a classroom yet (the header). */
    unmappedNow: '{{title}} nu in {{place}}: welk lokaal?',
    unmappedNowUntitled: 'Een les nu in {{place}}: welk lokaal?',
    unmappedChoose: 'Lokaal kiezen',
    lessonElsewhere: 'Dit venster toont {{shown}}.',
    openRoom: '{{room}} openen',
    endsAccesses: 'toegangen eindigen om {{time}}',
    /** The last minutes before the bell ends the room's accesses. */
    endsAccessesIn_one: 'toegangen eindigen over {{count}} min',
    endsAccessesIn_other: 'toegangen eindigen over {{count}} min',
    /** The name of the × beside the bell's end in the lesson line (it cancels that end). */
    keepAccesses: 'Toegangen na deze les behouden',
  },
  dataFolder: {
    notPrivate:
      'ClassTray gebruikt zijn gegevensmap {{folder}} niet: de map, of iets erin, is van een andere gebruiker van deze computer, of ClassTray kon de map niet privé maken. Gebruik een eigen map, of vraag uw IT-afdeling dit op te lossen met de gegevens hieronder.',
    logFolderNotPrivate:
      'ClassTray gebruikt zijn logmap {{folder}} niet: de map, of iets erin, is van een andere gebruiker van deze computer, of ClassTray kon de map niet privé maken. Vraag uw IT-afdeling dit op te lossen met de gegevens hieronder.',
    aboveOpen:
      'ClassTray gebruikt zijn gegevensmap {{folder}} niet: die staat in {{above}}, waar een andere gebruiker van deze computer een eigen map in de plaats ervan kan zetten. Gebruik een eigen map, of vraag uw IT-afdeling {{above}} te herstellen met de gegevens hieronder.',
    logFolderAboveOpen:
      'ClassTray gebruikt zijn logmap {{folder}} niet: die staat in {{above}}, waar een andere gebruiker van deze computer een eigen map in de plaats ervan kan zetten. Vraag uw IT-afdeling {{above}} te herstellen met de gegevens hieronder.',
  },
  tray: {
    open: 'ClassTray openen',
    recentClassrooms: 'Recente lokalen',
    refreshNow: 'Nu vernieuwen',
    demoData: 'Demogegevens',
    myAccount: 'Mijn account',
    keepOpen: 'Venster open houden',
    startAtLogin: 'Starten bij aanmelden',
    restartToUpdate: 'Opnieuw starten en bijwerken',
    updateFailed: 'Bijwerken mislukt; morgen nieuwe poging',
    openLogFolder: 'Logboekmap openen',
    couldNotStart: 'ClassTray kon niet starten',
    dataFolderInUse:
      'Een ander ClassTray-programma gebruikt de gegevensmap {{folder}}. Sluit het, of start ClassTray met een andere gegevensmap.',
    dataFolderUnwritable: 'ClassTray kan niet schrijven in zijn gegevensmap {{folder}}.',
    stoppedTitle: 'ClassTray is gestopt',
    stoppedBody:
      'ClassTray kreeg een fout waarvan het niet kan herstellen en wordt gesloten. Start het opnieuw; het logboek bevat de details.',
    quit: 'ClassTray afsluiten',
    online: '{{online}} van {{total}} online',
    lastKnown: 'laatst bekend',
    noClassroom: 'geen lokaal gekozen',
    connecting: 'verbinden…',
    unreachable: 'dienst onbereikbaar',
    tokenMissing: 'geen API-token opgeslagen',
    tokenRejected: 'token geweigerd',
    slow: 'dienst reageert traag',
    classroomNotFound: 'lokaal niet gevonden',
    wentOffline: '{{device}} is offline gegaan',
    cameBack: '{{device}} is weer online',
    andMore_one: 'en nog {{count}}',
    andMore_other: 'en nog {{count}}',
    nextEnd: 'Volgend einde: {{time}}, {{target}}',
    nextEndRetrying: 'Einde van {{time}} wordt opnieuw geprobeerd: {{target}}',
    endsTooltip: 'einde {{time}}',
    endRetryingTooltip: 'einde {{time}} wordt opnieuw geprobeerd',
    classroomTarget: '{{classroom}} (alle toegangen)',
    accessTarget: '{{student}} op {{device}}',
    accessToken: 'toegang {{token}}',
    endRanTitle: 'Gepland einde uitgevoerd: {{target}}',
    endRanEnded_one: '{{count}} toegang beëindigd.',
    endRanEnded_other: '{{count}} toegangen beëindigd.',
    endRanNoneRunning: 'Er was geen toegang meer actief.',
    endRanAtSleep: 'Het liep eerder, om {{time}}, toen de computer in slaapstand ging.',
    endRanLate_one:
      'Het liep {{count}} min te laat: de computer stond in de slaapstand of ClassTray was gesloten.',
    endRanLate_other:
      'Het liep {{count}} min te laat: de computer stond in de slaapstand of ClassTray was gesloten.',
    endRanFailed_one: '{{count}} toegang kon niet worden beëindigd: wordt opnieuw geprobeerd.',
    endRanFailed_other:
      '{{count}} toegangen konden niet worden beëindigd: wordt opnieuw geprobeerd.',
    endRanNotYet: 'Nog niet gelukt: wordt opnieuw geprobeerd.',
    quitRunning_one: '{{count}} toegang loopt nog in {{rooms}}',
    quitRunning_other: '{{count}} toegangen lopen nog in {{rooms}}',
    quitDetail:
      'Laat u ze lopen, dan blijven ze open: leerlingen blijven verbonden tot u ze na de volgende start in ClassTray beëindigt.',
    quitEndNow: 'Nu beëindigen',
    quitKeep: 'Laten lopen',
    quitCancel: 'Annuleren',
    quitNotEnded_one: '{{count}} toegang kon niet worden beëindigd',
    quitNotEnded_other: '{{count}} toegangen konden niet worden beëindigd',
    quitNotEndedDetail:
      'Ze blijven in de lijst van ClassTray: beëindig ze daar na de volgende start.',
    quitAnyway: 'Toch afsluiten',
    roomNotRecorded: 'een niet vastgelegd lokaal',
    nowLesson: 'Nu: {{room}} tot {{time}}',
    nextLesson: 'Hierna: {{room}} om {{time}}',
    readinessNotice: '{{room}} om {{time}}: {{offline}} van {{total}} apparaten offline',
    timetableFailed: 'Rooster niet bijgewerkt: zie Instellingen',
  },
  schoolPolicies: {
    ServiceUrl: {
      title: 'URL van de dienst',
      explain: 'Het adres van de dienst (https://…), zonder gebruikersnaam, wachtwoord of query.',
    },
    AuthHeader: {
      title: 'Naam van de auth-header',
      explain: 'De naam van de header waarin het token wordt verstuurd (standaard X-Token-SVC).',
    },
    DemoDataAllowed: {
      title: 'Demogegevens toestaan',
      explain:
        'Of de demoschool getoond mag worden (0: alleen de dienst, zodra ServiceUrl is ingesteld).',
    },
    RoomPlansFolder: {
      title: 'Map met plattegronden',
      explain:
        'De plattegronden van de school: één bestand per lokaal, genoemd naar de lokaal-id (.json).',
    },
    RoomPlansLocked: {
      title: 'Plattegronden vergrendelen',
      explain:
        'Of de plattegrond van de school voor een lokaal getoond wordt zoals hij is, zonder aanpassing (1).',
    },
    PollVisibleSeconds: {
      title: 'Vernieuwingsinterval, venster open (seconden)',
      explain: 'Vernieuwingsinterval terwijl het venster open is, in seconden.',
    },
    PollHiddenSeconds: {
      title: 'Vernieuwingsinterval, venster verborgen (seconden)',
      explain: 'Vernieuwingsinterval terwijl het venster verborgen is, in seconden.',
    },
    ReadinessMinutesBefore: {
      title: 'Lokaal van de volgende les controleren (minuten vooraf)',
      explain:
        'Hoeveel minuten voor elke les de apparaten van het lokaal worden gecontroleerd (0: nooit).',
    },
    SupportEmail: {
      title: 'IT-contact (e-mail)',
      explain:
        'Het adres waaraan „IT mailen” het rapport van apparaten die niet klaar zijn schrijft.',
    },
    StartAtLogin: {
      title: 'Starten bij aanmelden',
      explain: 'ClassTray starten wanneer de docent zich aanmeldt.',
    },
    OpenShortcut: {
      title: 'Sneltoets om ClassTray te openen',
      explain:
        'Toetsen die het venster overal vandaan openen (CommandOrControl+Shift+F9); leeg: geen.',
    },
    DeviceChangeNotifications: {
      title: 'Meldingen als apparaten veranderen',
      explain:
        'Een melding tonen als een apparaat offline gaat of weer online komt terwijl het venster verborgen is.',
    },
    RunningAccessesOnQuit: {
      title: 'Lopende toegangen bij afsluiten van ClassTray',
      explain:
        "'ask' (de leraar kiest), 'end' (beëindigen, dan afsluiten) of 'keep' (afsluiten; ze blijven gevolgd voor de volgende start).",
    },
    EndsDuringSleep: {
      title: 'Geplande einden tijdens slaapstand',
      explain:
        "'end-at-sleep' (elke toegang met een gepland einde beëindigen als de computer gaat slapen) of 'end-on-wake' (bij het ontwaken, te laat).",
    },
    StudentNames: {
      title: 'Namen van leerlingen',
      explain:
        "Wat er bewaard wordt van een naam die de docent typt: 'full' (zoals getypt), 'initials' (initialen) of 'off' (alleen apparaten).",
    },
    StudentDataRetentionHours: {
      title: 'Bewaartermijn van namen (uren)',
      explain:
        'Uren dat namen van leerlingen bewaard blijven na het einde van de schooldag (18:00), van 0 tot 720.',
    },
    UpdatesEnabled: {
      title: 'Automatische updates',
      explain: 'Updates zoeken, downloaden en aanbieden (0: de ICT rolt elke versie zelf uit).',
    },
    UpdateFeedUrl: {
      title: 'URL van de updatefeed',
      explain: 'De updatefeed: een https://-map met latest.yml en de installatieprogramma’s.',
    },
    UpdateChannel: {
      title: 'Updatekanaal',
      explain: 'Welke versies worden genomen: latest (stabiel) of beta.',
    },
    AllowUpdateDowngrade: {
      title: 'Oudere versies toestaan',
      explain:
        'Een versie uit de feed nemen die ouder is dan de geïnstalleerde (standaard 0, ongeacht het kanaal).',
    },
  },
  policyTemplate: {
    description:
      'Instellingen die een school voor ClassTray op elke laptop vastlegt of vergrendelt.',
    defaults: 'ClassTray: standaardwaarden die de leerkracht mag wijzigen',
    supportedOn: 'ClassTray {{version}} en hoger',
  },
  policyPage: {
    heading: 'Ingesteld door je school',
    intro:
      'Wat de ICT van je school voor ClassTray op deze computer heeft ingesteld, elke minuut opnieuw gelezen.',
    nothing: 'De ICT van je school heeft voor ClassTray op deze computer niets ingesteld.',
    inForce: 'Van kracht',
    locked: 'Vergrendeld: hier niet te wijzigen',
    default: 'Standaard: je kunt het wijzigen',
    from: 'Bron: {{source}}',
    on: 'Aan',
    off: 'Uit',
    ignored: 'Genegeerd',
    keptLastGood: 'het laatste geldige beleid blijft gelden tot dit is verholpen',
    why: {
      notPolicies: 'is geen object met beleidsregels',
      alsoLocked: 'is hier ook vergrendeld (de vergrendelde waarde geldt)',
      neverPolicyToken:
        'is nooit een beleidsregel (het API-token blijft in de sleutelhanger van elke docent)',
      neverPolicyTimetable: 'is nooit een beleidsregel (het rooster is van elke docent zelf)',
      notClassTrayPolicy: 'is geen beleidsregel van ClassTray',
      breaksRule: 'voldoet niet aan zijn regel',
      notRegularFile: 'is geen gewoon bestand',
      notOwnedByRoot: 'is geen eigendom van root',
      writableByOthers: 'is schrijfbaar voor de groep of anderen',
      unreadable: 'kon niet worden gelezen ({{error}})',
      tooLarge: 'is groter dan {{kib}} KiB',
      keptChanging: 'bleef veranderen tijdens het lezen',
      notUtf8: 'is geen UTF-8-tekst',
      notJson: 'is geen geldige JSON',
      plistUnreadable:
        'kon niet als eigenschappenlijst (property list) worden gelezen (plutil stopte met code {{exit}})',
      regUnreadable: 'kon niet worden gelezen (reg.exe stopte met code {{exit}})',
      wrongRegType: 'is een {{type}}, geen {{expected}}',
    },
    rule: {
      integer: 'Het moet een geheel getal van {{min}} tot {{max}} zijn.',
      boolean: 'Het moet true of false zijn (1 of 0 in het register).',
      choice: 'Het moet een van deze waarden zijn: {{choices}}.',
    },
  },
  refusals: {
    settingsNotSaved:
      'Je wijziging is niet opgeslagen: ClassTray kan zijn instellingenbestand {{file}} niet schrijven. Controleer of de schijf niet vol is en of je gebruiker daar mag schrijven.',
    classroomUnknown:
      'De dienst heeft geen lokaal met het id “{{id}}”. Het id is het laatste deel van het adres van het lokaal in de dienst: controleer het en probeer het opnieuw.',
    endTimePassed: 'Die tijd is al voorbij: kies een latere.',
    endTooFarAhead:
      'Een einde kan maximaal {{hours}} uur vooruit worden gepland: kies een eerdere tijd.',
    accessNotListed: 'Deze tijdelijke toegang staat niet in de lijst: voeg hem eerst toe.',
    accessAlreadyEnded: 'Deze tijdelijke toegang is al beëindigd.',
    classroomNotListed: 'Dit lokaal staat niet in je lijst: open het eerst.',
    noServiceUrl: 'Er is nog geen URL van de dienst opgeslagen: koppel eerst je account.',
    setBySchool:
      'Je school heeft dit ingesteld ({{setting}}), dus het kan hier niet worden gewijzigd.',
    calendarTooComplex:
      'Deze agenda is te groot of te ingewikkeld om te lezen, dus er is niets gewijzigd.',
    addressInvalid: 'Dit is geen webadres: het moet beginnen met https://.',
    addressNotHttps:
      'Het adres moet beginnen met https://; alleen een adres op deze computer (localhost, 127.0.0.1, ::1) mag http:// gebruiken.',
    addressCredentials:
      'Het adres mag geen gebruikersnaam of wachtwoord bevatten (gebruiker:wachtwoord@).',
    addressQuery:
      'Het adres mag geen query (?…) of fragment (#…) bevatten: een token hoort in het tokenveld, nooit in het adres.',
    timetableAddressLinkLocal:
      'ClassTray haalt geen rooster op van een adres van de eigen diensten van het netwerk (169.254.…, fe80::…): vraag om het https://-adres van het rooster.',
    timetableRedirectRefused:
      'De roosterserver stuurde ClassTray door naar een adres dat het niet volgt (geen https://, of binnen deze computer of het netwerk ervan): vraag om het https://-adres van het rooster.',
    timetableTooManyRedirects:
      'De roosterserver heeft meer dan {{hops}} keer doorgestuurd, of naar nergens; ClassTray probeert het later opnieuw.',
    timetableAddressRefused:
      'De roosterserver weigerde het adres (HTTP {{status}}): publiceer het rooster opnieuw en plak het nieuwe adres.',
    timetableServerFailed:
      'De roosterserver gaf een fout (HTTP {{status}}); ClassTray probeert het later opnieuw.',
    timetableTooLarge:
      'De roosterserver stuurde meer dan {{mib}} MiB, meer dan een rooster ooit nodig heeft; het is afgebroken.',
    timetableTimedOut: 'De roosterserver stuurde het rooster niet binnen {{seconds}} s.',
    timetableUnreachable: 'De roosterserver is niet bereikbaar.',
    timetableAddressMissing:
      'Het adres van het rooster is niet op deze computer bewaard: plak het opnieuw.',
    timetableNotCalendar: 'Het rooster is geen iCalendar-bestand (.ics).',
    timetableReadFailed:
      'Het rooster kon niet worden gelezen; de lessen zijn die van de laatste goede kopie.',
    timetableEmpty: 'De roosterserver heeft niets gestuurd.',
    timetableNotReadQuitting: 'Het rooster is niet gelezen: ClassTray wordt afgesloten.',
    serviceUnauthorized:
      'De dienst heeft het API-token geweigerd: controleer het bij Instellingen.',
    serviceClassroomNotFound: 'De dienst kent dit lokaal niet: controleer de lokaal-id.',
    serviceAccessNotFound: 'De dienst kent deze tijdelijke toegang niet.',
    serviceAlreadyEnded: 'Deze tijdelijke toegang is al beëindigd of verlopen.',
    serviceRateLimited:
      'De dienst vraagt ClassTray het rustiger aan te doen: probeer het zo opnieuw.',
    serviceUnreachable:
      'De dienst was niet bereikbaar: controleer het netwerk en probeer het opnieuw.',
    serviceFailed: 'Er ging iets mis bij de dienst (HTTP {{status}}): probeer het zo opnieuw.',
    serviceBadResponse: 'De dienst stuurde een antwoord dat ClassTray niet kan lezen.',
    serviceRefusedRequest: 'De dienst heeft het verzoek geweigerd.',
    tokenNotText: 'Het API-token moet tekst zijn: plak het opnieuw.',
    tokenEmpty: 'Het API-token is leeg: plak het opnieuw.',
    tokenControlCharacters: 'Het API-token bevat regeleinden of stuurtekens: plak het opnieuw.',
    classTrayFailed: 'Er ging onverwacht iets mis in ClassTray; het logboek zegt waarom.',
    diagnosticsNotCopied:
      'De diagnose kon niet naar het klembord worden gekopieerd: probeer het opnieuw.',
  },
} as const satisfies Messages;
