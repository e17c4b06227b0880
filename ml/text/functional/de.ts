// German functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, one's own suicidal intent, sexual harassment and sextortion) and the
// benign look-alikes that must stay benign (violent figures of speech, sport and gaming talk, news,
// counter-speech, support). Written as Germans write online (split separable verbs, "digga", "wallah",
// with and without umlauts), not translated from english.ts; the same group names and labels.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
// A list entry may itself hold `{@name}` slots (expanded after it is picked); case and gender agreement
// is kept inside one entry (a verb with its particle, a noun with its article), never across two slots.
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const GERMAN_LISTS: SlotLists = {
  // Subject that a first-person present verb follows ("ich bring dich um").
  ich: ['ich', 'ich', 'ich', 'ey ich', 'digga ich', 'alter ich', 'bro ich', 'ich schwör ich', 'ich schwöre, ich', 'ich schwör dir, ich', 'ich schwoer ich', 'ich sag dir, ich', 'wallah ich', 'ich versprech dir, ich'],
  // First person present, separable particle at the end; {@acc} is the victim, {@mid} an optional time.
  harm: [
    'bring {@acc} {@mid} um', 'bringe {@acc} {@mid} um', 'mach {@acc} {@mid} kalt', 'stech {@acc} {@mid} ab', 'steche {@acc} {@mid} ab',
    'knall {@acc} {@mid} ab', 'schlag {@acc} {@mid} tot', 'schlag {@acc} {@mid} zusammen', 'erschieß {@acc} {@mid}', 'erschiess {@acc} {@mid}',
    'erstech {@acc} {@mid}', 'erwürg {@acc} {@mid}', 'schlitz {@acc} {@mid} auf', 'prügel {@acc} {@mid} tot', 'stech {@acc} {@mid} nieder',
    'schlachte {@acc} {@mid} ab', 'knall {@acc} {@mid} über den Haufen',
  ],
  // Accusative victims.
  acc: ['dich', 'dich', 'dich', 'euch', 'dich und deine Familie', 'deine ganze Familie', 'deine Kinder', 'deine Mutter', 'deinen Bruder', 'deine Freundin', 'dich und deine Freunde', 'ihn', 'sie', 'den Typen', 'die Schlampe', 'meinen Ex', 'meine Ex', 'meinen Chef', 'meine Lehrerin', 'diesen Hurensohn', 'den Wichser'],
  // Dative victims (ich brech dir ...).
  dat: ['dir', 'dir', 'dir', 'euch', 'deinem Bruder', 'deiner Schwester', 'deinem Vater', 'deiner Freundin', 'ihm', 'ihr', 'dem Typen', 'der Schlampe', 'meinem Ex', 'deinem Sohn'],
  // Time in the middle field (between object and particle).
  mid: ['', '', '', 'heute', 'heute Nacht', 'morgen', 'nach der Schule', 'am Wochenende', 'noch diese Woche', 'nächste Woche', 'naechste woche', 'auf der Arbeit', 'eigenhändig', 'am Montag'],
  // Infinitives after "ich werde ... ".
  inf: ['umbringen', 'kaltmachen', 'abstechen', 'abknallen', 'totschlagen', 'zusammenschlagen', 'erschießen', 'erschiessen', 'erstechen', 'erwürgen', 'aufschlitzen', 'abschlachten', 'totprügeln'],
  werde: ['ich werde', 'ich werd', 'ich will', 'ich schwöre, ich werde', 'ich schwör dir, ich werde', 'glaub mir, ich werde', 'ey ich werd'],
  // Dative violence with the object inside (ich brech dir das Genick).
  hurt: [
    'brech {@dat} {@mid} alle Knochen', 'breche {@dat} {@mid} das Genick', 'brech {@dat} {@mid} beide Beine', 'schlag {@dat} {@mid} die Zähne aus',
    'schlitz {@dat} {@mid} die Kehle auf', 'schneid {@dat} {@mid} die Kehle durch', 'jag {@dat} {@mid} eine Kugel in den Kopf',
    'ramm {@dat} {@mid} ein Messer in den Bauch', 'polier {@dat} {@mid} die Fresse', 'schlag {@dat} {@mid} die Fresse ein',
    'tret {@dat} {@mid} den Schädel ein', 'fackel {@dat} {@mid} die Bude ab', 'brech {@dat} {@mid} jeden Finger einzeln',
  ],
  // "und ich ..." with "dich" fixed.
  kill_dich: ['bring dich um', 'mach dich kalt', 'stech dich ab', 'knall dich ab', 'schlag dich tot', 'erschieß dich', 'stech dich nieder', 'schlitz dich auf', 'prügel dich tot', 'schlag dich krankenhausreif', 'polier dir die Fresse', 'brech dir das Genick', 'schlag dir die Zähne aus', 'brech dir alle Knochen'],
  // Main clause after a fronted "wenn" clause (verb second).
  kill_v2: ['bring ich dich um', 'dann bring ich dich um', 'mach ich dich kalt', 'stech ich dich ab', 'knall ich dich ab', 'schlag ich dich tot', 'erschieß ich dich', 'bist du tot', 'dann bist du tot', 'bist du fällig', 'brech ich dir alle Knochen', 'polier ich dir die Fresse', 'dann stech ich dich ab'],
  // Clauses after "du bist tot, ...".
  end_when: ['wenn ich dich erwische', 'wenn ich dich sehe', 'sobald du rausgehst', 'wenn du nach Hause kommst', 'sobald du das Haus verlässt', 'wenn du dich nochmal blicken lässt', 'spätestens morgen', 'ich weiß, wo du wohnst', 'ich weiss wo du wohnst', "ich schwör's", 'glaub mir', 'verlass dich drauf'],
  insult: ['du Opfer', 'du Hurensohn', 'du Wichser', 'du Missgeburt', 'du Spast', 'du Bastard', 'du Stück Scheiße', 'du Stück scheisse', 'du Penner', 'du Schlampe', 'du Lappen', 'du Versager', 'du fette Sau', 'du Mongo', 'du Hure', 'du Fotze'],
  // Places: accusative (object), dative with preposition (location), directional with preposition, nominative.
  p_acc: ['die Schule', 'meine Schule', 'das Einkaufszentrum', 'die Moschee', 'die Kirche', 'die Synagoge', 'das Büro', 'das Stadion', 'den CSD', 'das Festival', 'den Bahnhof', 'den Club', 'den Weihnachtsmarkt', 'die Uni', 'den Flughafen', 'das Rathaus', 'das Flüchtlingsheim', 'das Gymnasium'],
  p_in: ['in der Schule', 'an meiner Schule', 'im Einkaufszentrum', 'in der Moschee', 'in der Kirche', 'in der Synagoge', 'im Büro', 'im Stadion', 'auf dem CSD', 'auf dem Festival', 'am Bahnhof', 'im Club', 'auf dem Weihnachtsmarkt', 'an der Uni', 'am Flughafen', 'im Flüchtlingsheim', 'auf dem Konzert', 'im Gymnasium'],
  p_to: ['in die Schule', 'an meine Schule', 'ins Einkaufszentrum', 'in die Moschee', 'in die Kirche', 'in die Synagoge', 'ins Büro', 'ins Stadion', 'auf den CSD', 'aufs Festival', 'zum Bahnhof', 'in den Club', 'auf den Weihnachtsmarkt', 'an die Uni', 'zum Flughafen', 'ins Flüchtlingsheim', 'aufs Konzert'],
  p_nom: ['die Schule', 'meine Schule', 'das Einkaufszentrum', 'die Moschee', 'die Synagoge', 'die Kirche', 'das Stadion', 'der CSD', 'das Festival', 'der Bahnhof', 'der Weihnachtsmarkt', 'die Uni', 'das Flüchtlingsheim', 'das Gymnasium'],
  day: ['morgen', 'am Freitag', 'dieses Wochenende', 'nächste Woche', 'heute', 'am Montag', 'in der Mittagspause', 'heute Abend', 'übermorgen', 'naechste woche'],
  // First person present attacks on a place; {@day} sits after the verb.
  place_attack: [
    'jag {@day} {@p_acc} in die Luft', 'spreng {@day} {@p_acc} in die Luft', 'zünde {@day} {@p_acc} an', 'fackel {@day} {@p_acc} ab',
    'lauf {@day} {@p_in} Amok', 'knall {@day} {@p_in} alle ab', 'richte {@day} {@p_in} ein Blutbad an', 'eröffne {@day} {@p_in} das Feuer',
    'schieß {@day} {@p_in} um mich', 'stech {@day} {@p_in} alle ab',
  ],
  weapon: ['eine Knarre', 'die Knarre von meinem Vater', 'das Gewehr meines Vaters', 'ein Messer', 'eine Bombe', 'ne Pistole', 'eine Machete', 'Benzin', 'Säure', 'meine Pumpgun'],
  // Groups: bare plural (subject, or object without article) and after "alle/die ganzen/diese" (weak endings).
  group: ['Ausländer', 'Muslime', 'Juden', 'Schwule', 'Transleute', 'Schwarze', 'Frauen', 'Flüchtlinge', 'Behinderte', 'Christen', 'Asiaten', 'Türken', 'Araber', 'Polen', 'Zigeuner', 'Kanaken'],
  // Counter-speech names the groups without slurs.
  group_cs: ['Ausländer', 'Muslime', 'Juden', 'Schwule', 'trans Menschen', 'Schwarze', 'Frauen', 'Flüchtlinge', 'Behinderte', 'Christen', 'Asiaten', 'Türken', 'Araber', 'Sinti und Roma', 'Migranten'],
  group_alle: ['Ausländer', 'Muslime', 'Juden', 'Schwulen', 'Transleute', 'Schwarzen', 'Frauen', 'Flüchtlinge', 'Behinderten', 'Christen', 'Asiaten', 'Türken', 'Araber', 'Polen', 'Zigeuner', 'Kanaken'],
  nudes: ['Nacktbilder', 'Nudes', 'Nacktfotos', 'ein Foto von deinen Titten', 'deine Titten', 'ein Bild von deinem Arsch', 'ein Bild unter der Dusche', 'ein Video von dir nackt', 'mehr Haut', 'ein Foto ohne BH'],
  body_acc: ['deine Titten', 'deinen Arsch', 'deine Brüste', 'deinen Körper', 'deine Beine', 'deinen Hintern', 'deine Möpse'],
  leak: ['ich poste deine Bilder', 'ich schick deine Fotos an deine Eltern', 'alle sehen dein Video', 'ich leake alles', 'ich schick alles an deinen Chef', 'deine Familie kriegt das Video', 'ich stell alles online', 'die ganze Schule sieht deine Nacktbilder', 'ich schick das Video an deine Freunde'],
  leak_v2: ['poste ich deine Bilder', 'schicke ich deine Fotos an deine Eltern', 'sieht jeder dein Video', 'leake ich alles', 'kriegt dein Chef alles', 'stelle ich alles online', 'sieht die ganze Schule deine Nacktbilder', 'geht das Video an deine Freunde'],
  fun: ['der Song', 'dieser Song', 'der Track', 'der Beat', 'das Album', 'dein Outfit', 'das Kleid', 'der Kuchen', 'die Pizza', 'der Witz', 'das Tor', 'der Refrain', 'der Drop', 'dieser Look', 'die neue Platte'],
  food: ['eine Pizza', 'einen Döner', 'einen Doener', 'einen Kaffee', 'ein Nickerchen', 'Pommes', 'ein kaltes Bier', 'eine Umarmung', 'eine Currywurst', 'ein Stück Kuchen'],
  // Singular subjects that are hard going.
  hard: ['dieses Workout', 'der Beintag', 'diese Hitze', 'die Prüfung', 'mein Chef', 'der Verkehr', 'die Treppe', 'die Wanderung', 'diese Woche', 'der Montag', 'die Chilisoße', 'die Mathearbeit', 'mein Muskelkater', 'meine Tochter', 'die Steuererklärung', 'der Kater'],
  team: ['die', 'die anderen', 'die Bayern', 'Dortmund', 'die Gegner', 'euch', 'Schalke', 'unsere Rivalen', 'die Gäste', 'den HSV', 'die Roten'],
  sday: ['am Samstag', 'im Finale', 'heute Abend', 'nächste Woche', 'im Derby', 'im Pokal'],
  game: ['in FIFA', 'in Mario Kart', 'in CoD', 'in Fortnite', 'in Smash', 'in Valorant', 'beim Schach', 'beim Tischtennis', 'bei Monopoly', 'beim Kickern'],
  later: ['', 'heute Abend', 'später', 'morgen', 'gleich'],
  news_people: ['wurde ein Mann', 'wurde eine Frau', 'wurde ein Jugendlicher', 'wurden zwei Menschen', 'wurden drei Männer', 'wurde ein Polizist', 'wurden mehrere Menschen'],
};

export const GERMAN_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@ich} {@harm}{, {@insult}|}',
      '{@werde} {@acc} {@mid} {@inf}',
      '{@ich} {@hurt}{, {@insult}|}',
      '{du bist tot|du bist so gut wie tot|du bist sowas von tot|du bist ein toter Mann|du bist fällig|du bist faellig|bist tot|du bist sowas von fällig}{, {@end_when}|}{, {@insult}|}',
      '{schau dich besser um|schlaf heute nicht zu fest|zähl schon mal deine Tage|deine Tage sind gezählt|lauf lieber schnell|genieß deine letzten Tage|bete lieber}, {ich weiß, wo du wohnst|ich weiß wo du wohnst|ich weiss wo du wohnst|ich weiß, wo du arbeitest|ich weiß, welches Auto deins ist|ich finde dich|ich krieg dich|ich komme dich holen|ich hol dich}',
      '{ich weiß, wo du wohnst|ich weiß wo du wohnst|ich weiss wo deine Kinder zur Schule gehen|ich hab deine Adresse|ich kenn deine Adresse|ich weiß, wo deine Mutter wohnt} {und ich komme|und ich komm dich holen|, bis bald|, warte nur ab|, du wirst schon sehen|und bald bist du dran|, heute Nacht bist du dran}',
      '{red ruhig weiter|sag das noch einmal|sag das nochmal|schreib das noch ein Mal|noch ein Wort|mach nur so weiter|noch ein Kommentar} und ich {@kill_dich}{, {@insult}|}',
      'wenn du {noch einmal|nochmal|jemals wieder} {hier auftauchst|mein Auto anfasst|meiner Freundin schreibst|dich hier blicken lässt|meine Schwester anfasst}, {@kill_v2}',
      '{{jemand sollte|irgendwer sollte|man sollte|jemand müsste} {ihn|sie|den Typen|diese Schlampe|den Politiker|dich} {umbringen|abknallen|abstechen|aufhängen|erschießen|überfahren}|{der gehört|die gehört|der Typ gehört|die Alte gehört|du gehörst|so einer gehört} {erschossen|aufgehängt|abgestochen|an die Wand gestellt|totgeschlagen}}',
      '{ich komm dich holen|ich warte vor deinem Haus|ich steh schon vor deiner Tür|ich bin mit nem Messer auf dem Weg zu dir|ich bring nächstes Mal meine Jungs mit|ich warte nach der Schule auf dich}{ und dann bist du dran| und dann bist du tot|, dann gibt es Tote| und dann wirst du bluten| und dann gnade dir Gott}{, {@insult}|}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@ich} {@place_attack}',
      '{ich bring|ich bringe|ich nehm|ich nehme} {@day} {@weapon} mit {@p_to}{, bleibt lieber zu Hause|, ihr wurdet gewarnt|. Die, die gelacht haben, sind zuerst dran|. Ihr werdet es alle bereuen|}',
      '{@p_nom} {fliegt {@day} in die Luft|brennt {@day}|geht {@day} in Flammen auf|wird {@day} zum Blutbad|wird {@day} zusammengeschossen}{, haltet euch fern|, sagt nicht, ich hätte euch nicht gewarnt|, ich hab alles vorbereitet|, ich mein das ernst|}',
      '{geht|geh|kommt|komm} {@day} nicht {@p_to}, {es wird knallen|da gibt es Tote|ich bring da alle um|ich hab was vorbereitet, es wird blutig|da wird geschossen}',
      '{ich plane|ich hab vor|ich habe vor|ich bin bereit|mein Plan ist}, {@day} {@p_in} {so viele wie möglich|alle|jeden einzelnen|alle von denen} {abzuknallen|umzubringen|abzustechen|zu erschießen|zu töten}',
      '{ich|ich schwör ich|ich sag euch, ich} {knall|schieß} {@day} {@p_in} alle {@group_alle} {ab|nieder}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{bring dich um|bring dich doch um|bring dich endlich um|häng dich auf|häng dich doch auf|haeng dich auf|hang dich auf|geh sterben|geh dich umbringen|stirb|verreck|verreck doch|kill dich|töte dich|spring doch|ritz dich doch tiefer|kys}{ lol|, bitte| {@insult}|, {@insult}|}',
      '{tu uns allen einen Gefallen|tu der Welt einen Gefallen|tu allen einen Gefallen|mach uns allen eine Freude|tu uns den Gefallen} und {bring dich um|häng dich auf|spring von einer Brücke|trink Bleichmittel|schneid dir die Pulsadern auf|verschwinde für immer von dieser Welt|stirb}',
      '{niemand|keiner|kein Mensch|keine Sau} würde {dich vermissen|es merken|um dich weinen|dir nachtrauern}, wenn du {tot wärst|dich umbringen würdest|nicht mehr da wärst|verrecken würdest}{, also mach schon|, also tu es|, nur so als Tipp|, zieh es durch|}',
      '{die Welt wäre|jeder wäre|deine Familie wäre|wir alle wären|deine Eltern wären|alle wären} {ohne dich besser dran|glücklicher, wenn du tot wärst|froh, wenn du weg wärst|erleichtert, wenn du dich umbringst}{, also los|, also mach es|, tu es einfach|}',
      '{warum bringst du dich nicht einfach um|warum hängst du dich nicht einfach auf|warum springst du nicht einfach|wieso stirbst du nicht einfach|warum verreckst du nicht einfach|wann bringst du dich endlich um|wann hängst du dich endlich auf|wieso lebst du überhaupt noch|warum lebst du eigentlich noch}{?| lol|, {@insult}?|}',
      '{du solltest|du sollst|solltest|am besten solltest du} {dich umbringen|dich aufhängen|sterben|dich von der Brücke stürzen|dir die Pulsadern aufschneiden|aufhören zu atmen|dich vor den Zug werfen}{, {@insult}|, ehrlich|, ganz ehrlich| lol|}',
      '{@insult}{,|} {bring dich um|häng dich auf|geh sterben|kys|verreck|stirb endlich}',
      '{wenn ich so aussehen würde wie du,|wenn ich du wäre,|mit so einer Fresse|mit deinem Leben|an deiner Stelle|mit deinem Gesicht} {würde ich mich umbringen|hätte ich mich längst umgebracht|hätte ich mich schon aufgehängt|würde ich von der Brücke springen|hätte ich es längst beendet}',
      '{geh auf der Autobahn spielen|spring vor nen Zug|spring vom Dach|schluck ne Packung Tabletten|spring aus dem Fenster|leg dich auf die Gleise|spring von der nächsten Brücke}{ lol|, bitte|, keiner braucht dich|}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{{ich will mich|ich werde mich|ich werd mich|ich möchte mich} {heute Nacht|morgen|bald|endlich|} umbringen|{ich will|ich möchte} {einfach|nur noch|} {sterben|nicht mehr aufwachen|nicht mehr leben|tot sein}}',
      '{ich kann nicht mehr|ich kann das nicht mehr|ich halte das nicht mehr aus|ich halt es nicht mehr aus}{, heute Nacht mach ich Schluss|, heute Nacht beende ich es|, ich will nur noch sterben|, lebt wohl|, das ist mein letzter Post}',
      '{ich hab mich|ich habe mich} {wieder|gestern Nacht|schon wieder|heute|tiefer als sonst} {geritzt|selbst verletzt|blutig geritzt|mit der Klinge geschnitten}',
      '{ich hab|ich habe|hab} {genug Tabletten gesammelt|meinen Abschiedsbrief geschrieben|schon einen Strick|mir die Brücke schon ausgesucht|das Seil schon bereitgelegt}',
      '{keiner würde es merken|niemand würde es merken|es würde eh keinem auffallen}, wenn ich {verschwinde|tot wäre|nicht mehr da wäre}{, also warum bleiben|, es ist Zeit|, also mach ich Schluss|}',
      '{ich will einfach|ich werde|ich will heute Nacht} {mit dem Auto gegen einen Baum fahren|vom Dach springen|vor einen Zug springen|alle meine Tabletten schlucken|vom Hochhaus springen|von der Brücke springen}{ und fertig|, dann ist es vorbei|}',
      '{heute Nacht|dieses Wochenende|bald|morgen} {verabschiede ich mich für immer|beende ich den Schmerz|mache ich endlich Schluss mit meinem Leben|schlafe ich ein und wache nicht mehr auf|ist es vorbei mit mir}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@group} sind {Ungeziefer|Parasiten|Kakerlaken|Tiere|Abschaum|Untermenschen|eine Seuche|eine Plage|Dreck|Ratten|keine Menschen|Viehzeug}{ und gehören {eingesperrt|abgeschoben|sterilisiert|weggesperrt|ausgerottet}|}',
      '{@group} {haben es nicht verdient zu leben|sollten nicht wählen dürfen|sollten sich nicht fortpflanzen dürfen|sollten nicht arbeiten dürfen|sollte es nicht geben|gehören vergast|gehören ausgerottet}',
      '{alle|die ganzen|diese} {@group_alle} sind {dumm|kriminell|Vergewaltiger|dreckig|faul|weniger wert als Tiere|Abschaum}',
      '{ich hasse|ich verachte|scheiß auf} {@group}{, das sind keine Menschen|, alles Untermenschen|, die sind wie Ratten|, widerliches Pack}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{schick|zeig} {mir|} {@nudes} {Baby|Süße|jetzt|sofort|}',
      '{{dein Arsch|dein Körper|dein Hintern|dein Mund} {ist so geil|schreit danach, angefasst zu werden|ist für mich gemacht|ist so fickbar}|{deine Titten|deine Brüste|deine Beine|deine Lippen|deine Möpse} {sind so geil|schreien danach, angefasst zu werden|sind für mich gemacht|sind so fickbar}}{, Baby|, Süße|, Kleine| 😏|}',
      '{ich will|ich würde so gern|ich werde|ich will heute Nacht} {@body_acc} {anfassen|ablecken|kneten|packen|begrapschen}',
      '{ich will dich|ich würde dich so gern|ich werde dich} {richtig hart ficken|durchnehmen|ausziehen|überall anfassen|flachlegen}{, ob du willst oder nicht|, wenn ich dich sehe|, Süße|}',
      '{setz dich auf mein Gesicht|lutsch meinen Schwanz|blas mir einen|komm in mein Bett|zieh dich aus|zieh das Höschen aus|knie dich hin}{, Süße|, Schlampe|, Kleine| jetzt| sofort|}',
      '{ich wette, du bist|wette du bist|du bist bestimmt|du bist doch} {eine Sau im Bett|eine Schlampe|leicht zu haben|gut im Blasen|eine kleine Hure|richtig versaut}{ 😏|}',
      '{hör auf mich zu ignorieren|antworte mir|schreib zurück|ignorier mich nicht}{, Baby|, Süße|}, ich {schreib dir|frag|nerv dich} so lange, bis du {mir Nacktbilder schickst|mir alles zeigst|mit mir schläfst|dich für mich ausziehst}',
      '{{das Kleid|dein Outfit|das Top|dein Rock} würde {auf meinem Boden|in meinem Bett} besser aussehen{, schick mehr|, schreib mir privat|}|du würdest {nackt|ohne Klamotten|auf den Knien vor mir} besser aussehen{ 😏|, Süße|}}',
      '{komm|komm heute Nacht} {nach deiner Schicht|nach der Arbeit|} {zu meinem Auto|zu mir|in mein Büro} und {zeig es mir|lass dich anfassen|zieh dich für mich aus}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      'schick {mir|} {@nudes} oder {@leak}',
      '{ich hab|ich habe|hab} {deine Bilder|das Video|deine Nacktbilder|die Fotos}{.|,} {zahl|zahl 500 Euro|schick mehr|mach, was ich sage|tu, was ich dir sage} oder {@leak}',
      '{schlaf mit mir|schick mehr|triff mich heute Abend|komm zu mir} oder {@leak}',
      'wenn du mir nicht {sofort|bis heute Abend|heute noch|} {mehr Fotos|mehr Nacktbilder|das Video|die Nudes} schickst, {@leak_v2}',
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      '{@fun} {ist der Hammer|ist eine Bombe|knallt|ballert|ist der Killer|ist mörderisch gut|bringt mich um|killt alles|ist tödlich gut}{ 🔥|!|}',
      '{ich lach mich tot|ich lach mich kaputt|ich sterbe|ich bin tot|ich kann nicht mehr|ich krieg mich nicht mehr ein|ich schmeiß mich weg|ich bin gestorben|ich lache mich tot}{ 😂| 💀| lol| xD| haha|}',
      '{sie hat|er hat|die Band hat|der Drummer hat|die Sängerin hat|du hast|ihr habt} {heute Abend|beim Konzert|gestern|} {die Bühne abgerissen|die Bude abgerissen|alle umgehauen|komplett abgeräumt|voll abgeliefert|alles zerlegt}',
      '{für {@food} würde ich {gerade|jetzt|} {töten|morden|sterben}|ich könnte {gerade|} für {@food} morden}',
      '{@hard} {bringt mich um|macht mich fertig|killt mich|wird mein Tod sein|hat mich fast umgebracht|bringt mich noch ins Grab}{ 😩| lol| echt|}',
      '{ich werde|ich werd|ich will} {die Prüfung|die Präsentation|das Vorstellungsgespräch|den Test|das Training|die Klausur} {rocken|killen|zerlegen|abreißen|rasieren}',
      '{Hals- und Beinbruch|toi toi toi, hau sie alle um|zeig es ihnen|mach sie fertig|reiß es ab|mach sie platt|knall sie weg}{ heute Abend| da draußen|}!',
      '{meine Mutter|mein Chef|mein Trainer|meine Frau|mein Freund} {bringt mich um|killt mich|macht mich einen Kopf kürzer|reißt mir den Kopf ab}, wenn ich {schon wieder|wieder|nochmal|} {zu spät komme|den Termin vergesse|das Training verpasse}{ lol| haha|}',
      '{das Video|das Meme|der Tweet|das Bild|der Kommentar|der Witz} {hat mich gekillt|hat mich umgebracht|hat mich zerstört|hat mich fertig gemacht}{ 💀| 😂|}',
      '{schieß los, ich bin ganz Ohr|schieß mal los|damit hast du den Vogel abgeschossen|du hast echt den Vogel abgeschossen|der Typ hat den Vogel abgeschossen}{ 😂| lol|!|}',
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{wir machen {@team} {@sday} fertig|wir zerlegen {@team} {@sday}|wir schießen {@team} {@sday} ab|wir hauen {@team} {@sday} weg|wir schlachten {@team} {@sday} ab|wir putzen {@team} {@sday} weg|wir werden {@team} {@sday} vernichten}',
      '{Headshot|Kopfschuss|hab ihn gekillt|Kill geholt|Triple Kill|Ace|Clutch|hab ihn umgenietet|One-Tap}{!|} {quer über die Map|mit der Pistole|gg|mit der AWP|aus 200 Metern|in der letzten Runde}',
      '{gg ez|gg wp|get rekt|ihr wurdet zerstört|ihr wurdet abgeschlachtet, gg|zerstört}{ lol| nächste Runde| hahaha|}',
      '{ich mach dich {@later} {@game} fertig|ich zerstör dich {@later} {@game}|ich kill dich {@later} {@game}|ich mach dich {@later} {@game} platt|ich box dich {@later} {@game} weg}',
      '{unsere Abwehr|der Torwart|unser Mittelfeld|die Verteidigung|unser Keeper} {wurde heute komplett zerlegt|wurde heute vorgeführt|war heute tot|ist untergegangen|wurde auseinandergenommen}',
      '{der Pass|die Grätsche|der Konter|der Knockout|der Dunk|das Tackling|der Schuss} {war brutal|war gnadenlos|war mörderisch|war tödlich|war eine Waffe|war ein Hammer}{ 🔥|!|}',
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'Laut Polizei {@news_people} {in der Nacht zu Sonntag|gestern Abend|am Freitag} {vor einem Nachtclub|am Bahnhof|in der Innenstadt|in einem Park} {erschossen|niedergestochen|getötet|angegriffen}.',
      '{Mindestens zwölf|Mehrere|Dutzende|Drei} {Zivilisten|Menschen} wurden bei {dem Anschlag|dem Beschuss|der Explosion|dem Luftangriff} getötet, teilten die Behörden mit.',
      '{Der Verdächtige|Der Mann|Der Jugendliche|Die Frau} {wurde wegen {Mordes|versuchten Mordes|Bedrohung|der Planung eines Anschlags} angeklagt|wurde wegen {Mordes|versuchten Mordes|Bedrohung} verurteilt|hat sich des Mordes schuldig bekannt}.',
      '{Laut einem neuen Bericht ist|Laut Gesundheitsministerium ist|Nach Angaben von Forschern ist} die Suizidrate unter {Jugendlichen|jungen Männern|Veteranen|Landwirten|Studierenden} im vergangenen Jahr {gestiegen|gesunken}.',
      '{Der Prozess|Die Verhandlung} gegen {einen Mann|einen ehemaligen Schüler|zwei Brüder|einen 19-Jährigen} wegen {eines geplanten Amoklaufs an einer Schule|der Messerattacke|Drohungen gegen eine Moschee|eines Bombenanschlags} {beginnt am Montag|begann am Montag|beginnt heute|wird nächste Woche fortgesetzt|wurde heute fortgesetzt}.',
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{jemandem zu sagen, er soll sich umbringen,|Leuten „kys“ zu schreiben|„bring dich um“ zu schreiben|„häng dich auf“ zu kommentieren} ist {niemals okay|kein Witz|widerlich|einfach nur ekelhaft}{, gemeldet|. Hört auf damit|}',
      '{jemand|ein Typ|dieser Account} hat {in den Kommentaren|hier|} gedroht, {eine Schule anzugreifen|das Einkaufszentrum in die Luft zu jagen|mich abzustechen|in der Schule Amok zu laufen|die Moschee anzuzünden}. {Gemeldet|Ich hab es der Polizei gemeldet|Ist an die Polizei gemeldet}.',
      '{@group_cs} als „{Tiere|Ungeziefer|Ratten|Untermenschen}“ zu bezeichnen ist {widerlich|Hetze|menschenverachtend|einfach nur Hass}{, keine Meinung|. Blockiert|}',
      '{niemand|keiner} hat es verdient, {bedroht zu werden|gesagt zu bekommen, er soll sterben|so belästigt zu werden|Morddrohungen zu bekommen}{, nur wegen eines Posts|, niemals|}',
      '{wenn ihr einen Post seht, der|wenn ihr einen Kommentar seht, der} {eine Schule bedroht|jemanden bedroht|jemandem sagt, er soll sich umbringen}, {meldet ihn|ruft die Polizei|teilt ihn nicht}',
      '„{ich bring dich um|ich stech dich ab|ich knall euch alle ab}“ ist keine Meinung, {sondern eine Drohung|das ist eine Straftat}{. Gemeldet|. Screenshot ist bei der Polizei|}',
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'wenn du {an Suizid denkst|daran denkst, dir etwas anzutun|gerade nicht mehr kannst|Suizidgedanken hast}, {rede bitte mit jemandem|ruf bitte die Telefonseelsorge an (0800 111 0 111)|melde dich bei jemandem}{, du bist wichtig|. Du bist nicht allein|}',
      '{bitte bring dich nicht um|tu dir bitte nichts an|gib bitte nicht auf|bitte tu dir nichts an}{, wir brauchen dich|, es wird besser|, ich bin für dich da|}',
      '{meine DMs sind offen|ich bin für dich da|du kannst mir jederzeit schreiben|du kannst mit mir reden}{, wenn du es brauchst|, jederzeit|}{ ❤️|}',
      '{mir ging es lange schlecht, aber jetzt hab ich endlich|ich hatte ein paar dunkle Monate und hab endlich|ich hatte ein paar dunkle Monate, also hab ich|mir ging es lange schlecht, also hab ich} {einen Therapeuten gefunden|bei der Telefonseelsorge angerufen|mit meiner Mutter geredet}{. Bin stolz auf mich|}',
      '{hey, wie geht es dir wirklich?|ich hab gemerkt, dass es dir gerade nicht gut geht.|du wirkst in letzter Zeit so traurig.} {Willst du reden?|Sollen wir telefonieren?|Ich hör dir zu.|Ich bin da.}',
    ],
  },
];
