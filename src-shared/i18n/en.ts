/**
 * English: the sentences as first written, whose keys every other language has (messages.ts).
 * The window shows all of it; main (tray menu, tooltip, notifications) shows only `tray`.
 */
import type { RefusalCode } from '../refusal';

export const en = {
  app: {
    startFailed: 'ClassTray could not start: {{message}}',
    actionFailed: 'That did not work: {{message}}',
  },
  header: {
    title: 'ClassTray',
    classroom: 'Classroom',
    chooseClassroom: 'Choose a classroom',
    addClassroom: 'Add classroom',
    classroomId: 'Classroom id',
    /** A classroom without a name: its id, marked as one; the id first, so a narrow picker never cuts it. */
    roomById: '{{id}} (room ID)',
    classroomIdHint:
      "The last part of the classroom's address in the service, as in …/classrooms/room-12. It is checked when you open it.",
    nickname: 'Nickname (optional)',
    open: 'Open',
    cancel: 'Cancel',
    manageClassroom: 'Rename or remove classroom',
    manageNamed: 'Rename or remove {{name}}',
    newNickname: 'Nickname',
    nicknameHint: 'Leave it empty to show the id, {{id}}.',
    rename: 'Rename',
    removeFromList: 'Remove from list',
    fixClassroomForm: 'Fix the classroom id {{id}}',
    fixHint: 'The service does not know "{{id}}". Correct the id, or remove it from the list.',
    refresh: 'Refresh',
    settings: 'Settings',
    onlineCount: '{{online}} of {{total}} online',
    onlineCountAsOf: '{{online}} of {{total}} online as of {{time}}',
    updatedAt: 'Updated {{time}}',
    notUpdated: 'Not updated yet',
    demo: 'Demo data',
    demoNotice: 'This is a demo school.',
    connectAccount: 'Connect your account',
    dismissNotice: 'Dismiss the demo notice',
    /** The demo school's classrooms, by id, while the teacher has not renamed them. */
    demoClassrooms: {
      'lab-1': 'Computer Lab 1',
      'room-12': 'Room 12',
      library: 'Library',
      music: 'Music Room',
    },
  },
  banner: {
    offline: 'Cannot reach the service. Showing the last known devices.',
    unauthorized: 'The service rejected the API token. Showing the last known devices.',
    noToken: 'No API token saved. Showing the last known devices.',
    classroomNotFound: 'Classroom not found. Check the classroom id.',
    stale: 'The last refresh failed, so this list may be out of date.',
    slow: 'The service is slow to answer. Showing the last known devices while ClassTray waits.',
    internal:
      'ClassTray failed while refreshing, so this list may be out of date. Refresh to try again.',
    /** The same problems when no device was ever loaded: nothing "last known" to show. */
    nothingLoaded: {
      offline: 'Cannot reach the service, so no devices could be loaded.',
      unauthorized: 'The service rejected the API token, so no devices could be loaded.',
      noToken: 'No API token saved, so no devices could be loaded.',
      stale: 'The service failed to answer, so no devices could be loaded.',
      slow: 'The service is slow to answer. ClassTray is still waiting for the devices.',
      internal: 'ClassTray failed while loading the devices.',
    },
    nextAttempt: 'Trying again at {{time}}.',
    openSettings: 'Check settings',
    connect: 'Connect',
    retryNow: 'Retry now',
    close: 'Close this message',
    fixClassroom: 'Fix the classroom id',
  },
  devices: {
    changedRecently: 'changed in the last 5 minutes',
    heading: 'Devices',
    headingAsOf: 'Devices as of {{time}}',
    search: 'Search students and devices',
    searchPlaceholder: 'Student or device',
    show: 'Show',
    compact: 'Compact view',
    /** The filter's choices: which devices to list. */
    filter: {
      all: 'All',
      online: 'Online',
      offline: 'Offline',
    },
    online: 'Online',
    offline: 'Offline',
    unknown: 'Unknown',
    /** A filter's name with how many devices it shows, as "Offline 3". */
    filterCount: '{{filter}} {{total}}',
    /** {{ago}}: "2 minutes ago", or justNow. */
    wentOffline: 'Went offline {{ago}}',
    backOnline: 'Back online {{ago}}',
    justNow: 'just now',
    /** A change mark's age under a minute, beside its arrow ("↓ now", else "↓ 2 min"). */
    nowShort: 'now',
    lastSeenOnline: 'Last seen online at {{time}}',
    /** The rows stay put while devices change: how many changed since they were sorted. */
    changedCount_one: '{{count}} changed',
    changedCount_other: '{{count}} changed',
    changedToTop_one: '{{count}} changed: show it at the top',
    changedToTop_other: '{{count}} changed: show them at the top',
    /** The live region's sentence for one refresh's changes. */
    announce: {
      wentOffline: '{{name}} went offline',
      backOnline: '{{name}} is back online',
      /** {{changes}}: the counts below that are not 0, joined as a list ("… and …"). */
      several_one: '{{count}} device changed: {{changes}}',
      several_other: '{{count}} devices changed: {{changes}}',
      wentOfflineCount_one: '{{count}} went offline',
      wentOfflineCount_other: '{{count}} went offline',
      backOnlineCount_one: '{{count}} came back online',
      backOnlineCount_other: '{{count}} came back online',
    },
    no2fa: 'No 2FA',
    disabled: 'Disabled',
    copyId: 'Copy id {{id}}',
    copyPassword: 'Copy password',
    copyPasswordFor: 'Copy password for {{name}}',
    copied: 'Copied',
    copiedClearedIn: 'Copied: cleared in {{seconds}} s',
    copiedClearedOnQuit: 'Copied: cleared when ClassTray quits',
    copiedNotCleared: 'Copied: this browser cannot clear it later',
    notAvailable: 'Not available',
    copyFailed: 'Could not copy',
    noClassroom: 'Choose or add a classroom to see its devices.',
    empty: 'This classroom has no devices.',
    noMatch: 'No student or device matches.',
    notLoaded: 'No devices loaded yet.',
    loading: 'Loading devices…',
  },
  /** The room as it stands: the seat plan (src-renderer/views/seatPlan/). */
  seatPlan: {
    arrange: 'Arrange',
    done: 'Done',
    undo: 'Undo',
    exportPlan: 'Export plan',
    importPlan: 'Import plan',
    planLabel: 'Room plan',
    front: 'Front: desk and board',
    turnFront: 'Front to the other side',
    rows: 'Rows',
    columns: 'Seats per row',
    help: 'Pick a device, then its seat: click both, drag it, or press Enter, move with the arrow keys and press Enter again. Escape cancels.',
    notPlaced: 'Not placed',
    allPlaced: 'Every device has a seat.',
    seat: 'Row {{row}}, seat {{column}}',
    emptySeat: 'Row {{row}}, seat {{column}}, empty',
    leftRoom: 'no longer in this room',
    clearSeat: 'Clear the seat of {{name}}',
    picked: '{{name}} picked up: choose a seat with the arrow keys, then press Enter.',
    moved: '{{name}} moved to row {{row}}, seat {{column}}.',
    unplaced: '{{name}} moved to Not placed.',
    cancelled: '{{name}} stays where it was.',
    undone: 'Last move undone.',
    imported: 'Plan imported.',
    notInRoom: 'Seats naming a device this room does not have: {{seats}}. They stay empty.',
    schoolPlan: "Your school's plan",
    schoolPlanChanged: "Your school's plan, changed by you",
    useSchoolPlan: "Back to the school's plan",
    locked: "Your school's plan, set by your school",
    actionsFor: 'Actions for {{name}}',
    close: 'Close',
    unreadable: 'The file could not be read: nothing was imported.',
    problem: {
      tooLarge: 'This file is larger than 1 MiB, more than any plan: nothing was imported.',
      tooDeep: 'This file nests deeper than a plan does: nothing was imported.',
      notPlan: 'This file is not a ClassTray seat plan: nothing was imported.',
      notJson: 'Line {{line}} is not valid JSON: nothing was imported.',
      badValue: 'Line {{line}} holds a value a plan does not allow: nothing was imported.',
      outsideRoom:
        "Line {{line}} puts a device outside the room's rows and seats: nothing was imported.",
      seatTaken: 'Line {{line}} puts a second device on one seat: nothing was imported.',
      placedTwice: 'Line {{line}} gives a device a second seat: nothing was imported.',
    },
  },
  accesses: {
    heading: 'Temporal accesses',
    runningCount_one: '{{count}} running',
    runningCount_other: '{{count}} running',
    runningElsewhere_one: '+{{count}} in another classroom',
    runningElsewhere_other: '+{{count}} in other classrooms',
    input: 'Temporal access link or token',
    placeholder: 'Paste a link',
    problem: {
      empty: 'Paste a temporal access link or token first.',
      'no-token': 'No temporal access token found in that text.',
      'several-tokens': 'That text holds more than one token. Paste just one.',
      'already-tracked': 'That temporal access is already in the list.',
    },
    none: 'No temporal accesses tracked. Paste one above to end it with one click.',
    token: 'Token {{token}}',
    device: 'Device {{name}}',
    /** A device without a name, inside a sentence (End all's question). */
    unnamedDevice: 'device {{id}}',
    /** An access's one state, as row, tile, card and End all say it. {{problem}}: why. */
    state: {
      given: 'Given',
      endsAt: 'Ends {{time}}',
      ended: 'Ended',
      alreadyEnded: 'Already ended or expired',
      unknown: 'Unknown to the service',
      notEndedRetry: 'Not ended, try again: {{problem}}',
      notEnded: 'Not ended: {{problem}}',
      /** A failed end on a device row, short; the row's button shows why. */
      notEndedShort: 'Not ended',
    },
    warnNo2fa: 'This device has no 2FA: the service cannot end this access automatically',
    stopTracking: 'Stop tracking',
    stopKeepsRunning: 'The access keeps running: only End access ends it.',
    stoppedRunning: 'No longer tracking {{name}}. The access keeps running on the service.',
    stopped: 'No longer tracking {{name}}.',
    undo: 'Undo',
    endedToday: 'Ended today',
    endAll: 'End all accesses in this classroom',
    endAllShort: 'End all',
    /** Dismiss on End all's result, among the reports. */
    endAllDismiss: 'Dismiss the result of End all',
    endAllQuestion_one: 'End {{count}} access now: {{names}}?',
    endAllQuestion_other: 'End {{count}} accesses now: {{names}}?',
    endAllConfirm_one: 'End {{count}} access',
    endAllConfirm_other: 'End {{count}} accesses',
    cancel: 'Cancel',
    endAllEnded_one: 'Ended {{count}} access.',
    endAllEnded_other: 'Ended {{count}} accesses.',
    endAllNotEnded: '{{name}}: {{state}}',
    /** End all's result when every end failed or none was needed: no count of zero. */
    endAllNoneEnded: 'No access ended.',
    alreadyEndedCount_one: '{{count}} access had already ended or expired.',
    alreadyEndedCount_other: '{{count}} accesses had already ended or expired.',
    unknownCount_one: '{{count}} access was unknown to the service.',
    unknownCount_other: '{{count}} accesses were unknown to the service.',
    classroomNotKnown: 'Classroom not known',
    classroomNotKnownHint:
      'ClassTray does not know which classroom these were given in: End all and End class at… leave them out. End each one here.',
    deviceField: 'Device',
    findDevice: 'Find a device',
    findDevicePlaceholder: 'Name or id',
    noDevice: 'No device',
    student: 'Student (optional)',
    addForm: 'Add a temporal access',
    add: 'Add',
    demoLinks: 'Links to try on the demo school:',
    demoLink: 'Link {{token}}…',
    openClassroom: 'In this classroom',
    otherClassrooms: 'Other classrooms',
    addShort: 'Add access',
    addFor: 'Add access for {{name}}',
    end: 'End access',
    /** End access on a device row, short: its name says which device. */
    endShort: 'End',
    endFor: 'End access on {{name}}',
    ending: 'Ending…',
    onTile: 'temporal access given',
    onTileOf: 'temporal access given to {{student}}',
    endOnTileOf: "End {{student}}'s access on {{name}}",
  },
  /** A room handed over to a colleague (views/handover/): the giver's and the taker's dialogs. */
  handover: {
    give: 'Hand over to a colleague…',
    giveTitle: 'Hand over {{room}} to a colleague',
    giveAbout:
      "The accesses running in this room ({{running}}) go to a colleague's ClassTray, sealed with a one-time code. The handover can be taken once, within {{minutes}} minutes.",
    withNames: "Include the students' names",
    namesNotAllowed: "Your school hands rooms over without the students' names.",
    afterwards: 'Here, afterwards',
    keep: 'Keep them in my list, endable (co-teaching)',
    drop: 'Remove them from my list',
    make: 'Make the handover',
    made: 'Ready. Give your colleague the text or the file, and tell them the code.',
    code: 'One-time code',
    codeHint:
      'Say it or show it: never send it with the text. The handover can be taken until {{time}}.',
    text: 'Handover text',
    copy: 'Copy the text',
    copied: 'Copied.',
    save: 'Save as a file',
    close: 'Close',
    cancel: 'Cancel',
    take: 'Take over from a colleague…',
    takeTitle: 'Take over from a colleague',
    takeAbout:
      'Paste the handover text or open its file, then type the code your colleague tells you.',
    openFile: 'Open a handover file',
    codeInput: 'Code from your colleague',
    takeConfirm: 'Take over',
    taken_one: 'Took {{count}} access in {{room}}.',
    taken_other: 'Took {{count}} accesses in {{room}}.',
    takenEnding_one: 'Took {{count}} access in {{room}}, ending at {{time}}.',
    takenEnding_other: 'Took {{count}} accesses in {{room}}, ending at {{time}}.',
    takenNone: 'Every access of this handover is already in your list.',
    roomAdded: '{{room}} was added to your classrooms.',
    handedOver: 'Handed over',
  },
  /** The room's readiness: which devices will let a class down, since when, and a report for IT. */
  readiness: {
    readyCount: '{{ready}} of {{total}} ready',
    /** Why the header's online count and the ready count differ, said beside the ready count. */
    readyMeans:
      'Ready means online, enabled in the service and with 2FA; the count at the top counts the devices online.',
    title: 'Readiness of {{room}}',
    checkedAt: 'Checked at {{time}}',
    notChecked: 'Not checked yet',
    allReady: 'Every device is ready.',
    offline: 'Offline',
    offlineSince: 'Offline since {{time}}',
    offlineSinceAtLeast: 'Offline since at least {{time}}, when ClassTray started watching',
    unknown: "Not in the account's device list: online status unknown",
    disabled: 'Disabled in the service',
    no2fa: 'No 2FA: an access on it cannot be ended automatically',
    checksTitle: 'What to check on a device that is offline',
    checkTool: 'The remote-desktop tool is installed and started.',
    checkConnection: 'The tool can connect to its servers (network, firewall, proxy).',
    checkLicence: 'Its licence is set up and has not expired.',
    checkTrial: "The account is not on the service's trial licence.",
    copyReport: 'Copy report for IT',
    copied: 'Report copied.',
    copyFailed: 'The report could not be copied.',
    emailIt: 'Email IT',
    close: 'Close readiness',
    notice: '{{room}} at {{time}}: {{offline}} of {{total}} devices offline',
    noticeShow: 'Show devices',
    noticeDismiss: 'Dismiss',
    minutesBefore: "Check the next lesson's room before it starts",
    minutesBeforeChoice: '{{minutes}} min before',
    minutesBeforeNever: 'Never',
    /** The plain text for IT (copied, emailed, printed by npm run readiness). */
    report: {
      title: 'ClassTray: devices not ready',
      titleAllReady: 'ClassTray: every device ready',
      room: 'Room: {{name}} (id {{id}})',
      /** A room with no nickname: its id alone, never named twice. */
      roomById: 'Room: id {{id}}',
      checked: 'Checked: {{time}}',
      counts:
        'Ready: {{ready}} of {{total}}. Offline: {{offline}}. Status unknown: {{unknown}}. Disabled in the service: {{disabled}}. Without 2FA: {{no2fa}}.',
      allReady: 'Every device is ready.',
      device: '- {{name}} (remote id {{id}}): {{states}}',
      offline: 'offline',
      offlineSince: 'offline since {{time}}',
      offlineSinceAtLeast: 'offline since at least {{time}}, when ClassTray started watching',
      unknown: "not in the account's device list",
      disabled: 'disabled in the service',
      no2fa: 'no 2FA (an access on it cannot be ended automatically)',
      checks:
        "Please check on each device offline: the remote-desktop tool is installed and started; it can connect to its servers; its licence is set up and has not expired; the account is not on the service's trial licence.",
      subject: 'ClassTray: devices not ready in {{room}}',
      cut: 'Cut to fit an email: "Copy report for IT" in ClassTray gives all of it.',
    },
  },
  problems: {
    unauthorized: 'the service refused the API token.',
    'no-token': 'no API token is saved: connect in the settings.',
    'classroom-not-found': 'the service does not know this classroom.',
    'access-not-found': 'the service does not know this temporal access.',
    'already-ended': 'it is already invalidated or expired.',
    'rate-limited': 'the service asks to slow down. Try again in a moment.',
    network: 'the service could not be reached.',
    server: 'the service had a failure.',
    'bad-response': 'the service sent an answer ClassTray cannot read.',
    'bad-request': 'the service refused the request.',
    internal: 'ClassTray failed unexpectedly; its log says why.',
  },
  settings: {
    heading: 'Settings',
    close: 'Done',
    cancel: 'Cancel',
    account: 'Account',
    useDemo: 'Use demo data',
    useDemoHint: 'A built-in demo school, no account needed.',
    serviceUrl: 'Service URL',
    token: 'API token',
    tokenSaved: 'A token is saved {{where}}.',
    tokenMissing: 'No token saved.',
    tokenReplace: 'Type to replace the saved token',
    tokenPaste: 'Paste your API token',
    where: {
      keychain: 'in the system keychain',
      fallback: 'in an encrypted file',
      memory: 'for this session only',
      environment: 'in the CLASSTRAY_TOKEN environment variable',
    },
    /** Why the token is not simply in the keychain, by where it is kept. */
    why: {
      fallback:
        'No system keychain was available, so ClassTray keeps it encrypted itself (to use the keychain on Debian: apt-get install libsecret-1-dev && npm ci).',
      memory:
        'No system keychain is available: a token is forgotten when ClassTray closes (to use the keychain on Debian: apt-get install libsecret-1-dev && npm ci).',
      environment: 'It overrides any saved token and is never saved.',
      /** The keychain did not answer within its bound (not: there is none). */
      keychainWaiting:
        'The system keychain is not answering: ClassTray goes on without it and uses the token saved there as soon as it answers, without asking for it again.',
    },
    forgetToken: 'Forget token',
    advanced: 'Advanced',
    authHeader: 'Auth header name',
    connect: 'Save and connect',
    /** {{host}}: the service's address as typed, without its path ("school.example.org"). */
    connectedTo: 'Connected to {{host}}: the service answered, and the account is saved.',
    /** Why saving did not connect, by what the one call found; nothing was saved. */
    check: {
      'no-token': 'The URL is saved. Paste the API token to connect.',
      'token-rejected': 'The service rejected this API token (401/403). Nothing was saved.',
      unreachable: 'Cannot reach that address. Check the URL and the network. Nothing was saved.',
      'not-this-service':
        'That address answered, but not as this kind of service: check the URL. Nothing was saved.',
      'service-failed':
        'The service answered with a failure of its own. Try again in a moment. Nothing was saved.',
    },
    urlRequired: 'Enter the service URL.',
    general: 'General',
    pollInterval: 'Refresh every (seconds)',
    pollRange: 'Enter a whole number from {{min}} to {{max}}.',
    notifications: 'Desktop notifications when devices change',
    problemsFirst: 'Problems first: offline and recently changed devices at the top',
    language: 'Language',
    systemLanguage: 'System',
    /** A language still being translated, in the language list: its name in itself. */
    languageUnderWay: '{{name}} (incomplete)',
    startAtLogin: 'Start at login',
    endedRetention: 'Keep ended accesses for (hours)',
    endedRetentionRange: 'Enter a whole number of hours from {{min}} to {{max}}.',
    clipboardClear: 'Clear a copied password',
    clipboardClearAfter: 'after {{seconds}} s',
    clipboardClearOnQuit: 'when ClassTray quits',
    onQuit: 'When ClassTray quits with accesses running',
    onQuitAsk: 'ask me',
    onQuitEnd: 'end them',
    onQuitKeep: 'keep them running',
    duringSleep: 'An end due while the computer sleeps',
    duringSleepAtSleep: 'runs when it goes to sleep',
    duringSleepOnWake: 'runs late, on wake',
    /** Beside a setting the school's IT locked (policy). */
    setBySchool: 'Set by your school',
    /** What the tray app knows of this copy: who installs its updates, and its sandbox. */
    installation: {
      heading: 'This installation',
      updates: {
        app: 'ClassTray installs its own updates: it checks once a day and offers Restart to update in the tray menu.',
        'school-policy':
          "Updates are installed by your school's IT: its policy turned them off here.",
        'school-msi':
          "Updates are installed by your school's IT: ClassTray was installed from its MSI package.",
        'school-deb':
          "Updates are installed by your school's IT: ClassTray was installed from its .deb package, which only an administrator can update.",
        'school-admin-rights':
          "Updates are installed by your school's IT: ClassTray is installed for every user of this computer, and installing an update needs administrator rights.",
        'unsigned-build':
          "Updates are installed by your school's IT: this copy of ClassTray was built without a code-signing certificate, so it could not check who made an update, and it takes none.",
      },
      sandboxOff:
        "This window runs without Chromium's sandbox: this system refuses the user namespaces it needs, so ClassTray was started with --no-sandbox. The .deb package keeps the sandbox on.",
    },
    /** For IT and support: the log folder and the diagnostics (Settings). */
    support: {
      heading: 'Log and diagnostics',
      about:
        'For IT and support: the log says what ClassTray did and why something failed. Neither the log nor the diagnostics hold a token, a password, a calendar address or a policy value.',
      openLogFolder: 'Open log folder',
      logFolderOpened: 'The log folder is open in your file manager:',
      logFolderAt: 'The log folder (open it in your file manager):',
      copyDiagnostics: 'Copy diagnostics',
      diagnosticsCopied: 'Diagnostics copied: paste them into your message to support.',
    },
  },
  /** Scheduled ends ("End at 10:50"), of one access or of the class, and how each one ran. */
  /** Student data: Settings' group, the access form's hint (docs/privacy.md). */
  privacy: {
    heading: 'Student data',
    about:
      'A student is named only as you type it (a first name, initials or a seat number is enough), on this computer only, and the name is forgotten at the end of the school day (18:00); the access stays, by device.',
    names: 'Student names',
    namesFull: 'As typed',
    namesInitials: 'Initials only',
    namesOff: 'None: devices only',
    retention: 'Keep names after the school day (hours)',
    retentionRange: 'Enter a whole number of hours from {{min}} to {{max}}.',
    inNotifications: 'Show student names in notifications',
    handover: 'Handing a room over to a colleague',
    handoverWithNames: 'Allowed, names only if I tick it',
    handoverWithoutNames: 'Allowed, without names',
    handoverOff: 'Not allowed',
    encrypted: 'The names are encrypted with a key your computer keeps for your user.',
    notEncryptedPreview:
      'The names are saved unencrypted: the browser preview has no encryption. Only your user can open the file.',
    notEncryptedSystem:
      'The names are saved unencrypted: this system offers ClassTray no encryption. Only your user can open the file.',
    keptNow_one: '{{count}} student name is kept now.',
    keptNow_other: '{{count}} student names are kept now.',
    forget: 'Forget all student names now',
    forgetQuestion_one:
      'Forget the {{count}} student name kept now? The accesses stay, by device, each with End access.',
    forgetQuestion_other:
      'Forget the {{count}} student names kept now? The accesses stay, by device, each with End access.',
    forgetConfirm: 'Forget names',
    forgotten: 'Every student name is forgotten; the accesses are kept by device.',
    export: 'Export what ClassTray keeps',
    exported: 'Exported as {{file}}.',
    exportAbout:
      'Everything ClassTray keeps about students in its data folder on this computer, at the time of export.',
    exportEncrypted: 'encrypted with a key the operating system keeps for this user',
    exportNotEncrypted: 'not encrypted (plain JSON)',
    exportForgotten:
      'at the end of the school day the name was typed on (18:00 local) plus the retention hours',
    exportThisFile:
      "{{file}} was written where the browser saves downloads, or where the save dialog was pointed (usually the Downloads folder), not in ClassTray's data folder. It is outside ClassTray's retention: ClassTray never deletes it, nor do Forget and Erase. Delete it once the request it answers is done.",
    erase: 'Erase all student data',
    eraseQuestion: 'Erase every student name and every tracked access?',
    eraseQuestionRunning_one:
      'Erase every student name and every access that is over? {{count}} access still runs: end it first, or keep it by device, with End access, until it ends.',
    eraseQuestionRunning_other:
      'Erase every student name and every access that is over? {{count}} accesses still run: end them first, or keep them by device, each with End access, until they end.',
    eraseEndThem: 'End them and erase',
    eraseKeepThem: 'Erase, keep them running',
    eraseConfirm: 'Erase',
    erased: 'All student data is erased.',
    erasedEnded_one: '{{count}} running access was ended.',
    erasedEnded_other: '{{count}} running accesses were ended.',
    erasedNotEnded_one:
      '{{count}} access could not be ended: it stays, by device, with End access.',
    erasedNotEnded_other:
      '{{count}} accesses could not be ended: they stay, by device, each with End access.',
    erasedKept_one: '{{count}} running access stays, by device, with End access, until it ends.',
    erasedKept_other:
      '{{count}} running accesses stay, by device, each with End access, until they end.',
    studentHint: 'A first name, initials or a seat number is enough.',
  },
  schedule: {
    endAt: 'End at…',
    endAtFor: 'End at… for {{name}}',
    endClassAt: 'End class at…',
    /** The form: its name, the time field's label, and its buttons. */
    formFor: 'Schedule the end for {{name}}',
    formClass: 'Schedule the end of the class',
    time: 'End at',
    classTime: 'End class at',
    submit: 'Schedule',
    close: 'Cancel',
    noTime: 'Type a time as 10:50.',
    /** Moves the field's time on: +5 min, +10 min. */
    plusMinutes: '+{{minutes}} min',
    passed: '{{time}} has already passed today: choose a later time.',
    /** A pending end, and the button that cancels it. */
    endsAt: 'Ends at {{time}}',
    classEndsAt: 'Class ends at {{time}}',
    cancelEnd: 'Cancel end',
    cancelEndFor: 'Cancel end at {{time}} for {{name}}',
    cancelClassEnd: 'Cancel end at {{time}} of the class',
    /** How a scheduled end ran. {{target}}: the classroom, or the access's student and device. */
    accessOn: '{{student}} on {{device}}',
    /** An access's end shown while another classroom is open: its own classroom named. */
    inRoom: '{{target}} in {{room}}',
    ended_one: 'Scheduled end at {{time}} for {{target}} ended {{count}} access.',
    ended_other: 'Scheduled end at {{time}} for {{target}} ended {{count}} accesses.',
    noneRunning: 'Scheduled end at {{time}} for {{target}}: no access was running.',
    /** Every access it tried to end failed. */
    noneEnded: 'Scheduled end at {{time}} for {{target}}: no access ended.',
    atSleep: 'It ran early, at {{time}}, when the computer went to sleep.',
    late_one: 'It ran late by {{count}} minute (the computer was asleep or ClassTray was closed).',
    late_other:
      'It ran late by {{count}} minutes (the computer was asleep or ClassTray was closed).',
    retrying_one: 'Could not end {{count}} access: retrying.',
    retrying_other: 'Could not end {{count}} accesses: retrying.',
    notEnded_one: 'Could not end {{count}} access.',
    notEnded_other: 'Could not end {{count}} accesses.',
    dismiss: 'Dismiss',
    dismissFor: 'Dismiss the report of the end at {{time}} for {{target}}',
    /** The reports' folded line: how many there are (End all's result among them). */
    reports_one: '{{count}} report',
    reports_other: '{{count}} reports',
  },
  /** The timetable (issue 18): Settings → Timetable, the header's lesson line. */
  /** The keys that open the window from anywhere, the keys inside it, and where ClassTray lives. */
  shortcut: {
    label: 'Shortcut to open ClassTray',
    hint: 'Opens and closes this window from any program.',
    change: 'Change',
    turnOff: 'Turn off',
    off: 'Off',
    listening: 'Press the new keys, or Esc to keep the old ones.',
    needsModifier: 'Hold Ctrl, Alt or Cmd with another key.',
    saved: 'ClassTray now opens with {{keys}}.',
    turnedOff: 'The shortcut is off.',
    unchanged: 'The shortcut is unchanged.',
    taken:
      'Another program already uses {{keys}}: choose other keys. The tray icon still opens ClassTray.',
    unsupported:
      "This desktop lets no program take shortcuts (Wayland without the global shortcuts portal): use the tray icon, or set keys in your desktop's keyboard settings.",
    unconfirmed:
      'ClassTray asked this Wayland desktop for {{keys}}, and only the desktop delivers them: it may ask you to confirm or to set them in its keyboard settings. If {{keys}} does nothing, use the tray icon.',
    inWindow:
      'In this window: {{search}} search, {{endAll}} End all, {{classroom}} switch classroom.',
    homeHeading: 'Where ClassTray lives',
    home: {
      'windows-tray':
        'ClassTray lives in the notification area at the end of the taskbar. On Windows 11 it may be hidden under the ^ arrow: drag its icon onto the taskbar, or turn it on in Settings › Personalization › Taskbar › Other system tray icons.',
      'macos-menu-bar':
        'ClassTray lives in the menu bar at the top of the screen: click its icon to open this window.',
      'linux-tray': "ClassTray lives in your panel's tray: click its icon to open this window.",
      window:
        'Your desktop shows no tray icons, so ClassTray runs as this window, with its menu in the window. On GNOME, the AppIndicator extension brings the tray icon back.',
    },
    homeKeys: 'Or press {{keys}} in any program.',
    gotIt: 'Got it',
  },
  timetable: {
    heading: 'Timetable',
    intro:
      'ClassTray opens the classroom of the lesson under way, and can end its accesses when the lesson ends.',
    source: 'Lessons from',
    sourceNone: 'No timetable',
    /** Short: a select shows one line, cut at its edge; the services are named in addressHint. */
    sourceSubscription: 'A calendar subscription',
    sourceFile: 'An .ics file, imported once',
    sourceWeekly: 'A weekly table typed here',
    address: 'Subscription address',
    addressHint:
      'The secret address of your published calendar (WebUntis, Outlook, Google: https:// or webcal://). Whoever has it can read your timetable: ClassTray keeps it with the API token, never in its settings file.',
    addressSaved: 'Address saved {{where}}.',
    addressMissing: 'The address is not saved on this computer: paste it again.',
    saveAddress: 'Save and fetch',
    importFile: 'Import .ics file',
    /** When the copy in use came: never a lesson's time. */
    downloadedToday: 'Timetable downloaded today at {{time}}',
    downloadedOn: 'Timetable downloaded on {{date}} at {{time}}',
    importedToday: 'Timetable imported today at {{time}}',
    importedOn: 'Timetable imported on {{date}} at {{time}}',
    checkedAt: 'checked at {{time}}',
    refresh: 'Refresh timetable',
    problem: 'Timetable not updated: {{problem}}',
    skipped_one: '{{count}} event could not be read: {{why}}.',
    skipped_other: '{{count}} events could not be read: {{why}}.',
    /** Why events were left out; `other` for a reason this version has no words for. */
    skipReasons: {
      noStart: 'no start time',
      badTime: 'a date or time that cannot be read',
      badRule: 'a repeat rule that cannot be read',
      badZone: 'a time zone that cannot be read',
      tooOften: 'a repeat more than 5,000 times in the coming days',
      tooComplex: 'a repeat rule too costly to follow to today',
      outOfRange: 'a date, length or repeat count out of range',
      other: 'something in them that cannot be read',
    },
    tooLarge_one:
      'The calendar is too large or too complex to read ({{count}} event): the lessons already read stay in use.',
    tooLarge_other:
      'The calendar is too large or too complex to read ({{count}} events): the lessons already read stay in use.',
    tooComplexZone:
      'The calendar is too large or too complex to read (it stopped at the time zone “{{name}}”): the lessons already read stay in use.',
    tooComplexSeries:
      'The calendar is too large or too complex to read (it stopped at the repeating event “{{name}}”): the lessons already read stay in use.',
    weekday: 'Day',
    start: 'Start',
    end: 'End',
    classroom: 'Classroom',
    addLesson: 'Add lesson',
    removeLesson: 'Remove lesson',
    saveWeekly: 'Save table',
    weekdays: {
      '1': 'Monday',
      '2': 'Tuesday',
      '3': 'Wednesday',
      '4': 'Thursday',
      '5': 'Friday',
      '6': 'Saturday',
      '7': 'Sunday',
    },
    newPlace: 'Which classroom is “{{place}}”?',
    notARoom: 'Not a ClassTray room',
    newRoom: 'Another room, by its id…',
    chooseRoom: 'Choose…',
    savePlace: 'Save',
    places: 'Places and their classrooms',
    placeRoom: 'Classroom of “{{place}}”',
    forgetPlace: 'Forget “{{place}}”',
    addPlace: 'Map another place (a location or a lesson name)',
    placeName: 'Place',
    bellQuestion: 'End the accesses in {{room}} when a lesson there ends?',
    bellYes: 'Yes, end them',
    bellNo: 'No, keep them',
    bell: 'End the accesses in {{room}} when a lesson there ends',
    /** The lesson now, its room and its end (lessonUntil, endsAccesses, endsAccessesIn) in one line. */
    lesson: '{{title}} in {{room}} · {{end}}',
    lessonUntitled: 'Lesson in {{room}} · {{end}}',
    lessonUntil: 'until {{time}}',
    /** A lesson under way in a place not mapped to a classroom yet (the header). */
    unmappedNow: '{{title}} now in {{place}}: which classroom?',
    unmappedNowUntitled: 'A lesson now in {{place}}: which classroom?',
    unmappedChoose: 'Choose its classroom',
    /** The lesson is in another classroom than the one the window shows. */
    lessonElsewhere: 'This window shows {{shown}}.',
    openRoom: 'Open {{room}}',
    endsAccesses: 'accesses end at {{time}}',
    /** The last minutes before the bell ends the room's accesses. */
    endsAccessesIn_one: 'accesses end in {{count}} min',
    endsAccessesIn_other: 'accesses end in {{count}} min',
    /** The name of the × beside the bell's end in the lesson line (it cancels that end). */
    keepAccesses: 'Keep accesses after this lesson',
  },
  /** The start failure's words for a data or log folder ClassTray refuses (not private). */
  dataFolder: {
    notPrivate:
      'ClassTray does not use its data folder {{folder}}: another user of this computer owns it, or something in it, or ClassTray could not make it private. Use a folder of your own, or ask your IT to fix it with the details below.',
    logFolderNotPrivate:
      'ClassTray does not use its log folder {{folder}}: another user of this computer owns it, or something in it, or ClassTray could not make it private. Ask your IT to fix it with the details below.',
    /** A folder above the data folder that another user could rename it in ({{above}}). */
    aboveOpen:
      'ClassTray does not use its data folder {{folder}}: it is inside {{above}}, where another user of this computer could put a folder of their own in its place. Use a folder of your own, or ask your IT to fix {{above}} with the details below.',
    /** The same, for the log folder. */
    logFolderAboveOpen:
      'ClassTray does not use its log folder {{folder}}: it is inside {{above}}, where another user of this computer could put a folder of their own in its place. Ask your IT to fix {{above}} with the details below.',
  },
  /** What main shows outside the window: the tray menu and tooltip, and notifications. */
  tray: {
    open: 'Open ClassTray',
    recentClassrooms: 'Recent classrooms',
    refreshNow: 'Refresh now',
    demoData: 'Demo data',
    myAccount: 'My account',
    keepOpen: 'Keep window open',
    startAtLogin: 'Start at login',
    restartToUpdate: 'Restart to update',
    updateFailed: 'Update failed; trying again tomorrow',
    openLogFolder: 'Open log folder',
    couldNotStart: 'ClassTray could not start',
    dataFolderInUse:
      'Another ClassTray program is using the data folder {{folder}}. Close it, or start ClassTray with another data folder.',
    dataFolderUnwritable: 'ClassTray cannot write in its data folder {{folder}}.',
    stoppedTitle: 'ClassTray stopped',
    stoppedBody:
      'ClassTray met an error it cannot recover from, and closes. Start it again; the log has the details.',
    quit: 'Quit ClassTray',
    online: '{{online}} of {{total}} online',
    lastKnown: 'last known',
    noClassroom: 'no classroom chosen',
    connecting: 'connecting…',
    unreachable: 'service unreachable',
    tokenMissing: 'no API token saved',
    tokenRejected: 'token rejected',
    slow: 'service slow to answer',
    classroomNotFound: 'classroom not found',
    wentOffline: '{{device}} went offline',
    cameBack: '{{device}} is back online',
    andMore_one: 'and {{count}} more',
    andMore_other: 'and {{count}} more',
    nextEnd: 'Next end: {{time}}, {{target}}',
    nextEndRetrying: 'End due {{time}} is being retried: {{target}}',
    endsTooltip: 'ends {{time}}',
    endRetryingTooltip: 'end due {{time}} retrying',
    classroomTarget: '{{classroom}} (all accesses)',
    accessTarget: '{{student}} on {{device}}',
    accessToken: 'access {{token}}',
    endRanTitle: 'Scheduled end ran: {{target}}',
    endRanEnded_one: 'Ended {{count}} access.',
    endRanEnded_other: 'Ended {{count}} accesses.',
    endRanNoneRunning: 'No access was still running.',
    endRanAtSleep: 'It ran early, at {{time}}, when the computer went to sleep.',
    endRanLate_one: 'It ran {{count}} min late: the computer was asleep or ClassTray was closed.',
    endRanLate_other: 'It ran {{count}} min late: the computer was asleep or ClassTray was closed.',
    endRanFailed_one: 'Could not end {{count}} access: retrying.',
    endRanFailed_other: 'Could not end {{count}} accesses: retrying.',
    endRanNotYet: 'Not done yet: retrying.',
    quitRunning_one: '{{count}} access is still running in {{rooms}}',
    quitRunning_other: '{{count}} accesses are still running in {{rooms}}',
    quitDetail:
      'If you keep them, they stay open: students stay connected until you end them in ClassTray after it starts again.',
    quitEndNow: 'End them now',
    quitKeep: 'Keep them running',
    quitCancel: 'Cancel',
    quitNotEnded_one: '{{count}} access could not be ended',
    quitNotEnded_other: '{{count}} accesses could not be ended',
    quitNotEndedDetail: "They stay in ClassTray's list: end them there after it starts again.",
    quitAnyway: 'Quit anyway',
    roomNotRecorded: 'a room not recorded',
    nowLesson: 'Now: {{room}} until {{time}}',
    nextLesson: 'Next: {{room}} at {{time}}',
    /** Before a lesson whose room has devices offline (a notification, else a menu line). */
    readinessNotice: '{{room}} at {{time}}: {{offline}} of {{total}} devices offline',
    timetableFailed: 'Timetable not updated: see Settings',
  },
  /** What a school's IT may set (src-main/core/policy/policyTable.ts): each key's name in the
   * Group Policy editor and one line for IT, in the ADML, README's table and Settings. */
  schoolPolicies: {
    ServiceUrl: {
      title: 'Service URL',
      explain: "The service's address (https://…), without user name, password or query.",
    },
    AuthHeader: {
      title: 'Auth header name',
      explain: 'The name of the header the token is sent in (default X-Token-SVC).',
    },
    DemoDataAllowed: {
      title: 'Allow demo data',
      explain:
        'Whether the demo school may be shown (0: only the service, once ServiceUrl is set).',
    },
    RoomPlansFolder: {
      title: 'Room plans folder',
      explain: "The school's seat plans: one file per room, named after its classroom id (.json).",
    },
    RoomPlansLocked: {
      title: 'Lock the room plans',
      explain: "Whether the school's plan of a room is shown as it is, never adjusted (1).",
    },
    PollVisibleSeconds: {
      title: 'Refresh interval, window open (seconds)',
      explain: 'Refresh interval while the window is open, in seconds.',
    },
    PollHiddenSeconds: {
      title: 'Refresh interval, window hidden (seconds)',
      explain: 'Refresh interval while the window is hidden, in seconds.',
    },
    ReadinessMinutesBefore: {
      title: "Check the next lesson's room (minutes before)",
      explain: "How many minutes before each lesson its room's devices are checked (0: never).",
    },
    SupportEmail: {
      title: 'IT contact (email)',
      explain: 'The address "Email IT" writes to with the report of devices not ready.',
    },
    StartAtLogin: {
      title: 'Start at login',
      explain: 'Start ClassTray when the teacher logs in.',
    },
    OpenShortcut: {
      title: 'Shortcut to open ClassTray',
      explain: 'Keys that open the window from anywhere (CommandOrControl+Shift+F9); empty: none.',
    },
    DeviceChangeNotifications: {
      title: 'Notifications when devices change',
      explain: 'Notify when a device goes offline or comes back while the window is hidden.',
    },
    RunningAccessesOnQuit: {
      title: 'Running accesses when ClassTray quits',
      explain:
        "'ask' (the teacher chooses), 'end' (end them, then quit) or 'keep' (quit; they stay tracked for the next start).",
    },
    EndsDuringSleep: {
      title: 'Scheduled ends during sleep',
      explain:
        "'end-at-sleep' (end every access with a scheduled end when the computer goes to sleep) or 'end-on-wake' (on wake, late).",
    },
    StudentNames: {
      title: 'Student names',
      explain:
        "What is kept of a name the teacher types: 'full' (as typed), 'initials' or 'off' (devices only).",
    },
    StudentDataRetentionHours: {
      title: 'Student name retention (hours)',
      explain:
        'Hours student names are kept after the end of the school day (18:00), from 0 to 720.',
    },
    Handover: {
      title: 'Room handover',
      explain:
        "Whether a teacher may hand a room's running accesses to a colleague: with-names (names only when the teacher ticks it), without-names, or off.",
    },
    UpdatesEnabled: {
      title: 'Updates',
      explain: 'Check for, download and offer updates (0: IT deploys each version itself).',
    },
    UpdateFeedUrl: {
      title: 'Update feed URL',
      explain: 'The update feed: an https:// folder holding latest.yml and the installers.',
    },
    UpdateChannel: {
      title: 'Update channel',
      explain: 'Which releases to take: latest (stable) or beta.',
    },
    AllowUpdateDowngrade: {
      title: 'Allow update downgrades',
      explain:
        'Take a feed version older than the installed one (default 0, whatever the channel).',
    },
  },
  /** The policy template's own words around the keys (the ADML of each language). */
  policyTemplate: {
    description: 'Settings a school sets, or locks, for ClassTray on every laptop.',
    defaults: 'ClassTray: defaults the teacher may change',
    supportedOn: 'ClassTray {{version}} and later',
  },
  /** Settings' "Set by your school": what the school's policy set here, and what it ignored. */
  policyPage: {
    heading: 'Set by your school',
    intro: "What your school's IT set for ClassTray on this computer, read again every minute.",
    nothing: "Your school's IT set nothing for ClassTray on this computer.",
    inForce: 'In force',
    /** How a policy applies. */
    locked: 'Locked: it cannot be changed here',
    default: 'Default: you may change it',
    from: 'From {{source}}',
    on: 'On',
    off: 'Off',
    ignored: 'Ignored',
    /** After a source that could not be read: what it set before still applies. */
    keptLastGood: 'its last good policy stays in force until it is fixed',
    /**
     * Why an entry or a whole source was ignored; the subject (the key or the file) comes first,
     * and the log and `npm run policy -- check` write the English ones as they stand.
     */
    why: {
      notPolicies: 'is not an object of policies',
      alsoLocked: 'is also locked here (the locked value applies)',
      neverPolicyToken: "is never a policy (the API token stays in each teacher's keychain)",
      neverPolicyTimetable: "is never a policy (the timetable is each teacher's own)",
      notClassTrayPolicy: 'is not a ClassTray policy',
      breaksRule: 'does not follow its rule',
      notRegularFile: 'is not a regular file',
      notOwnedByRoot: 'is not owned by root',
      writableByOthers: 'is writable by group or others',
      unreadable: 'could not be read ({{error}})',
      tooLarge: 'is larger than {{kib}} KiB',
      keptChanging: 'kept changing while it was read',
      notUtf8: 'is not UTF-8 text',
      notJson: 'is not valid JSON',
      plistUnreadable: 'could not be read as a property list (plutil exited with {{exit}})',
      regUnreadable: 'could not be read (reg.exe exited with {{exit}})',
      wrongRegType: 'is a {{type}}, not a {{expected}}',
    },
    /** The rule a value broke (an address's is its refusal; a text's is the key's own line). */
    rule: {
      integer: 'It takes a whole number from {{min}} to {{max}}.',
      boolean: 'It takes true or false (1 or 0 in the registry).',
      choice: 'It takes one of: {{choices}}.',
    },
  },
  /** The core's refusals by code (src-shared/refusal.ts), with its English sentences' meaning. */
  refusals: {
    settingsNotSaved:
      'Your change was not saved: ClassTray cannot write its settings file {{file}}. Check that the disk is not full and that your user may write there.',
    classroomUnknown:
      'The service has no classroom with the id "{{id}}". The id is the last part of the classroom\'s address in the service: check it and try again.',
    endTimePassed: 'That time has already passed: choose a later one.',
    endTooFarAhead: 'An end can be scheduled up to {{hours}} hours ahead: choose an earlier time.',
    accessNotListed: 'This temporal access is not in the list: add it first.',
    accessAlreadyEnded: 'This temporal access has already ended.',
    classroomNotListed: 'This classroom is not in your list: open it first.',
    noServiceUrl: 'No service URL is saved yet: connect your account first.',
    setBySchool: 'Your school set this ({{setting}}), so it cannot be changed here.',
    calendarTooComplex:
      'This calendar is too large or too complex to read, so nothing was changed.',
    addressInvalid: 'This is not a web address: it must start with https://.',
    addressNotHttps:
      'The address must start with https://; only an address on this computer (localhost, 127.0.0.1, ::1) may use http://.',
    addressCredentials: 'The address must not contain a user name or password (user:password@).',
    addressQuery:
      'The address must not contain a query (?…) or fragment (#…): a token goes in the token field, never in the address.',
    timetableAddressLinkLocal:
      'ClassTray does not fetch a timetable from an address of the network’s own services (169.254.…, fe80::…): ask for the timetable’s https:// address.',
    timetableRedirectRefused:
      'The timetable server sent ClassTray on to an address it does not follow (not https://, or inside this computer or its network): ask for the timetable’s https:// address.',
    timetableTooManyRedirects:
      'The timetable server redirected more than {{hops}} times, or nowhere; ClassTray tries again later.',
    timetableAddressRefused:
      'The timetable server refused the address (HTTP {{status}}): publish the timetable again and paste its new address.',
    timetableServerFailed:
      'The timetable server failed (HTTP {{status}}); ClassTray tries again later.',
    timetableTooLarge:
      'The timetable server sent more than {{mib}} MiB, more than any timetable needs; it was cut off.',
    timetableTimedOut: 'The timetable server did not send the timetable within {{seconds}} s.',
    timetableUnreachable: 'The timetable server could not be reached.',
    timetableAddressMissing: 'The timetable address is not saved on this computer: paste it again.',
    timetableNotCalendar: 'The timetable is not an iCalendar (.ics) file.',
    timetableReadFailed:
      'The timetable could not be read; the lessons are those of the last good copy.',
    timetableEmpty: 'The timetable server sent nothing.',
    timetableNotReadQuitting: 'The timetable was not read: ClassTray is quitting.',
    serviceUnauthorized: 'The service refused the API token: check it in Settings.',
    serviceClassroomNotFound: 'The service does not know this classroom: check its id.',
    serviceAccessNotFound: 'The service does not know this temporal access.',
    serviceAlreadyEnded: 'This temporal access has already ended or expired.',
    serviceRateLimited: 'The service asks ClassTray to slow down: try again in a moment.',
    serviceUnreachable: 'The service could not be reached: check the network and try again.',
    serviceFailed: 'The service failed (HTTP {{status}}): try again in a moment.',
    serviceBadResponse: 'The service sent an answer ClassTray cannot read.',
    serviceRefusedRequest: 'The service refused the request.',
    tokenNotText: 'The API token must be text: paste it again.',
    tokenEmpty: 'The API token is empty: paste it again.',
    tokenControlCharacters:
      'The API token contains line breaks or control characters: paste it again.',
    classTrayFailed: 'ClassTray failed unexpectedly; its log says why.',
    diagnosticsNotCopied: 'The diagnostics could not be copied to the clipboard: try again.',
    handoverNotAllowed: 'Your school does not allow handing a room over.',
    handoverNothingRunning: 'No access runs in this room: there is nothing to hand over.',
    handoverCodeWrong:
      'This code does not open this handover, or the handover was changed. Nothing was taken.',
    handoverExpired:
      'This handover has expired (it can be taken for {{minutes}} minutes). Nothing was taken: ask your colleague for a new one.',
    handoverUnreadable:
      'This is not a ClassTray handover, or part of it is missing. Nothing was taken.',
    handoverTakenAlready: 'This handover was already taken here. Nothing was taken again.',
  } satisfies Record<RefusalCode, string>,
} as const;
