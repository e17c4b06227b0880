// French functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, sexual harassment and sextortion) and the benign look-alikes that
// must stay benign (violent figures of speech, sport and gaming talk, news, counter-speech, support).
// Written the way French is written online, not translated from english.ts: "je vais te buter", "je
// vais te casser la gueule", "t'es mort", "va te tuer", "crève", "je suis mort de rire", "ça tue",
// "c'est une tuerie", "merde pour ce soir", "je crève de chaud"; the dropped "ne", chat spellings (jvais,
// jte, chui, t, mdr, ptdr, wsh), banlieue slang (wallah, daronne, bahut) and Québec forms ("m'a te",
// "câlisser une volée", "lâche pas"), with and without accents.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const FRENCH_LISTS: SlotLists = {
  will: ['je vais', 'je vais', "j'vais", 'jvais', 'je vé', 'je te jure que je vais', 'wallah je vais', 'un jour je vais', 'la prochaine fois je vais', 'on va', 'tu vas voir, je vais', 'je te promets que je vais', "m'a", 'crois-moi je vais', 'sur la tête de ma mère je vais'],
  // Infinitives after "te" (consonant) and after "t'" (vowel).
  harmC: ['tuer', 'buter', 'défoncer', 'planter', 'crever', 'fumer', 'casser la gueule', 'péter la gueule', 'refaire le portrait', 'faire la peau', 'casser les jambes', 'tirer une balle dans la tête', 'démonter', 'brûler vif', 'saigner', 'massacrer', 'poignarder', 'noyer', 'casser les dents', 'rouler dessus', 'mettre en fauteuil roulant', 'découper en morceaux', 'câlisser une volée', 'péter la yeule', 'fracasser le crâne'],
  harmV: ['égorger', 'éclater', 'étrangler', 'exploser', 'allumer', 'enterrer vivant', 'achever', 'éventrer', 'ouvrir en deux', "envoyer à l'hôpital", 'envoyer six pieds sous terre', 'arracher la tête', 'écraser avec ma caisse', 'ouvrir le crâne'],
  // Present tense after "je te" and "je t'".
  nowC: ['tue', 'bute', 'défonce', 'plante', 'crève', 'fume', 'casse la gueule', 'pète la gueule', 'refais le portrait', 'fais la peau', 'casse les jambes', 'démonte', 'saigne', 'massacre', 'poignarde', 'casse les dents', 'fracasse'],
  nowV: ['égorge', 'éclate', 'étrangle', 'explose', 'allume', 'enterre', 'achève', 'éventre', 'ouvre en deux', "envoie à l'hosto"],
  when: ['', '', '', 'ce soir', 'demain', 'quand je te vois', 'quand je te croise', 'à la sortie', 'à la sortie du lycée', 'à la sortie du taf', 'pendant que tu dors', 'lundi', 'dès que tu mets un pied dehors', "quand tu t'y attendras le moins", 'ce week-end', 'après le match', 'bientôt', "aujourd'hui même", 'quand tu rentres chez toi', 'devant tes gosses', 'en bas de chez toi', 'devant ton bahut'],
  // Times for a threat at a third person.
  when3: ['', '', '', 'ce soir', 'demain', 'lundi', 'ce week-end', 'après le match', 'bientôt', "aujourd'hui même", 'devant toi', 'et tu vas regarder', 'et après ce sera ton tour', 'devant tout le monde'],
  insult: ['fils de pute', 'fdp', 'connard', 'connasse', 'salope', 'pute', 'enculé', 'sale merde', 'bâtard', 'batard', 'abruti', 'débile', 'gros con', 'grosse pute', 'pd', 'tarlouze', 'sous-merde', 'trou du cul', 'ntm', 'mongol', 'sale chien', 'ostie de cave', 'gros cave', 'sale race'],
  victim: ['ta mère', 'ta daronne', 'ta famille', 'toute ta famille', 'tes gosses', 'tes enfants', 'ta meuf', 'ta copine', 'ton mec', 'ton frère', 'ta sœur', 'ta soeur', 'mon ex', 'mon patron', 'ma prof', 'ce fils de pute', 'cette salope', 'ce bâtard', 'mon voisin', 'le mec de mon ex'],
  // Places as a direct object, and the same places after their preposition.
  place: ['le lycée', 'le bahut', 'le collège', "l'école", 'la fac', "l'université", 'le centre commercial', 'le concert', 'la mosquée', "l'église", 'la synagogue', 'le bureau', 'le stade', 'la Pride', 'la marche des fiertés', 'la gare', 'le métro', 'la boîte', 'le marché', "l'aéroport", "l'hôpital", 'la salle de sport'],
  inplace: ['au lycée', 'au bahut', 'au collège', "à l'école", 'à la fac', "à l'université", 'au centre commercial', 'au concert', 'à la mosquée', "à l'église", 'à la synagogue', 'au bureau', 'au stade', 'à la Pride', 'à la marche des fiertés', 'à la gare', 'dans le métro', 'en boîte', 'au marché', "à l'aéroport", 'sur la place', "à l'hôpital", 'en cours', 'à la messe'],
  day: ['demain', 'vendredi', 'ce week-end', 'la semaine prochaine', "aujourd'hui", 'lundi', 'à la récré', 'à la pause de midi', 'ce soir', 'le jour du bac', 'pendant la récré', 'à la première heure', 'pendant le conseil de classe', 'le jour de la remise des diplômes'],
  weapon: ['un flingue', 'le flingue de mon père', 'le fusil de mon grand-père', 'un couteau', 'un couteau de cuisine', 'une bombe', 'une machette', "de l'essence", "de l'acide", 'une kalach', 'un fusil', 'une arme', 'des explosifs', "un bidon d'essence", 'un calibre'],
  // Groups for subject position ("les" does not mark gender); groupN: named neutrally, for counter-speech.
  group: ['les immigrés', 'les bougnoules', 'les musulmans', 'les juifs', 'les gays', 'les pédés', 'les trans', 'les noirs', 'les nègres', 'les femmes', 'les féministes', 'les réfugiés', 'les migrants', 'les gitans', 'les roms', 'les handicapés', 'les chrétiens', 'les chinois', 'les arabes', 'les rebeus', 'les africains', 'les lesbiennes', 'les gouines'],
  groupN: ['les immigrés', 'les musulmans', 'les juifs', 'les gays', 'les personnes trans', 'les noirs', 'les femmes', 'les réfugiés', 'les migrants', 'les roms', 'les handicapés', 'les arabes', 'les asiatiques', 'les lesbiennes'],
  // One of a group, after "chaque".
  one: ['immigré', 'bougnoule', 'musulman', 'juif', 'pédé', 'nègre', 'arabe', 'noir', 'gitan', 'réfugié', 'étranger', 'chinetoque', 'gay', 'migrant', 'youpin'],
  nudes: ['des nudes', 'tes nudes', 'des photos de toi nue', 'une photo de tes seins', 'tes seins', 'tes boobs', 'des photos sans rien', 'une vidéo', 'une vidéo de toi en train de te toucher', "ce qu'il y a sous ta jupe", 'une photo sous la douche', 'des photos en sous-vêtements', 'ton cul', 'des photos hot'],
  leak: ['je poste tout', 'je les envoie à tes parents', 'je les montre à tes darons', 'tout le monde voit ta vidéo', 'je balance tout', "je l'envoie à ton patron", 'ta famille voit la vidéo', 'je les mets dans le groupe de la classe', 'je les envoie à ton mec', 'je la mets sur Insta avec ton nom', 'je les fais tourner dans tout le lycée', 'je les envoie à tous tes contacts'],
  // Body parts with their "quel" ("quel cul t'as").
  body: ['quels seins', 'quel cul', 'quel corps', 'quelles jambes', 'quelles lèvres', 'quelle bouche', 'quelles cuisses', 'quelle boule', 'quels nichons', 'quels boobs', 'quelles fesses'],
  fun: ['ce son', 'cette chanson', 'cette prod', 'cet album', 'ce look', 'cette tenue', 'ce but', 'le refrain', 'ce gâteau', 'cette pizza', 'cette série', 'ce film', 'ta playlist', 'le nouveau single', 'ce feat', 'ce clip'],
  food: ['une pizza', 'un burger', 'un café', 'une sieste', 'une bière fraîche', 'des frites', 'un câlin', 'une raclette', 'un kebab', 'un tacos', 'une poutine', 'un croissant', 'des crêpes', 'un grec'],
  hard: ['cette séance', 'le leg day', 'cette chaleur', 'cet exam', 'mon boss', 'les bouchons', 'ces escaliers', 'la rando', 'mes gosses', 'cette semaine', 'le lundi', 'ce piment', 'ces chaussures', 'la gueule de bois', 'le réveil à 6h', 'la fac', 'le taf', 'le bac'],
  team: ['le PSG', "l'OM", 'Lyon', 'les Verts', 'Marseille', 'Paris', 'Lens', 'le Real', 'le Barça', 'les Marseillais', 'ces mecs', "l'équipe de ton cousin", "ceux du quartier d'à côté", 'les rivaux', 'le Canadien'],
  game: ['à FIFA', 'à Fortnite', 'à LoL', 'à Mario Kart', 'aux échecs', 'au ping-pong', 'à CoD', 'au padel', 'à la belote', 'à Clash Royale', 'à Valorant', 'au foot', 'au baby', 'à Smash'],
  people: ['Un homme est mort', 'Une femme est morte', 'Deux jeunes sont morts', 'Trois personnes sont mortes', 'Un adolescent a été blessé', 'Un policier a été blessé', 'Plusieurs personnes ont été blessées', 'Un jeune de 16 ans est mort'],
  city: ['Lyon', 'Marseille', 'Nantes', 'Toulouse', 'Lille', 'Bordeaux', 'Nice', 'Strasbourg', 'Rennes', 'Montréal', 'Bruxelles', 'Liège'],
};

export const FRENCH_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      "{@will} {te {@harmC}|t'{@harmV}} {@when}{, {@insult}|}",
      "{{je te|jte|j'te} {@nowC}|{je t'|j't'}{@nowV}} {@when}{, {@insult}|}",
      '{je vais|jvais|wallah je vais|un jour je vais|on va} {tuer|buter|planter|égorger|poignarder|défoncer|étrangler|écraser|brûler|massacrer|fumer|flinguer} {@victim} {@when3}',
      "si {tu reviens ici|je te revois|tu t'approches de ma sœur|tu reparles à ma meuf|tu touches encore à ma caisse|tu continues|je te croise seul}{,|} {je te {@nowC}|jte {@nowC}|je t'{@nowV}|j't'{@nowV}}",
      "{t'es|t|tu es|t'es déjà} {mort|morte|un homme mort|une femme morte} {@when}{. {@insult}|}",
      "{je sais où tu habites|jsais où t'habites|je sais où tu bosses|je sais dans quelle école vont tes gosses|j'ai ton adresse|j'ai trouvé où tu crèches}{,|} {et j'arrive|je viens te chercher|on se voit bientôt|attends de voir ce qui va t'arriver|je vais te découper|dors avec un œil ouvert}",
      "{fais gaffe à toi|surveille tes arrières|tes jours sont comptés|dis adieu à ta famille|commence à courir|t'es déjà mort}{, je sais où tu habites|, je t'attends|, je vais te trouver|, {@insult}|}",
      "{quelqu'un devrait|faut|il faudrait|quelqu'un va finir par} {le tuer|la tuer|le buter|lui tirer une balle|le poignarder|le pendre|l'écraser|te buter|la buter|lui faire la peau} {direct|une bonne fois pour toutes|}",
      '{je suis|jsuis|chui} {en bas de chez toi|devant ta porte|en route|devant ton bahut} {et je vais te tuer|et tu vas pas sortir vivant|et je vais te défoncer|avec mes potes|}{, {@insult}|}',
      "tu {vas pas rentrer vivant chez toi|verras pas {lundi|demain|le week-end|noël}|te réveilleras pas demain|vas pas t'en sortir vivant|vas pas fêter tes 18 ans|le verras même pas venir}{, {@insult}|}",
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      "{je vais|je vous jure que je vais|c'est décidé, je vais|wallah je vais} {faire sauter|cramer|brûler|mitrailler|arroser|faire exploser} {@place} {@day}",
      "{je vais|c'est décidé, je vais|je vous jure que je vais|wallah je vais} {faire un carnage|faire un massacre|poser une bombe|débarquer armé et tirer sur tout le monde|ouvrir le feu|tuer tout le monde|faire une tuerie} {@inplace} {@day}",
      '{je ramène|je viens avec|je vais ramener|je débarque avec} {@weapon} {@inplace} {@day}{, restez chez vous|, vous êtes prévenus|, ceux qui se sont foutus de moi passeront en premier|}',
      "{@place} {va sauter|va brûler|va partir en fumée|va finir en bain de sang|va être un carnage} {@day}{, restez loin|, venez pas dire que j'avais pas prévenu|}",
      '{allez pas|va pas|venez pas|mettez pas les pieds} {@inplace} {@day}{, faites-moi confiance|, il va se passer un truc grave|, y aura des morts|, ça va saigner|}',
      '{je vais tuer|je vais buter|je vais planter|je vais flinguer|je vais tirer sur} chaque {@one} que je vois {@inplace} {@day}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      "{va te tuer|tue-toi|tue toi|va crever|crève|creve|va te pendre|pends-toi|suicide-toi|suicide toi|va mourir|jte conseille de te suicider|j'espère que tu vas crever|jespere que tu crèves|jette-toi d'un pont}{ stp| direct| mdr| {@insult}|}",
      "{fais une faveur au monde|rends service à tout le monde|rends-nous service|pour une fois sers à quelque chose} et {tue-toi|va te pendre|jette-toi d'un pont|saute par la fenêtre|ouvre-toi les veines|bois de la javel|disparais pour de bon|jette-toi sous un train}",
      '{personne|même pas ta mère|même pas ta famille|même pas ton mec} {te regretterait|te pleurerait|le remarquerait|verrait la différence} si tu {crevais|te suicidais|mourais|te tuais}{, alors vas-y|, réfléchis-y|, fais-le|}',
      "{le monde|ta famille|ta mère|ta classe} {serait|se porterait} mieux {sans toi|si t'étais mort|si t'étais morte|si tu te tuais}{, alors crève|, tue-toi|}",
      "{tu devrais|tu dois|t'as qu'à|tu ferais mieux de} {te tuer|te suicider|t'ouvrir les veines|te jeter d'un pont|arrêter de respirer|crever|te pendre}{ direct| une bonne fois pour toutes|, {@insult}|}",
      '{@insult}{,|} {va te tuer|crève|tue-toi|suicide-toi|kys|va te pendre}',
      "{à ta place|si j'étais toi|avec une tête pareille|avec une vie comme la tienne|avec ta gueule} {je me serais déjà tué|je me serais déjà suicidé|je me serais déjà jeté d'un pont|je me serais tiré une balle|je me serais pendu} {depuis longtemps|depuis des années|}",
      "{jette-toi|balance-toi} {du cinquième|d'un pont|sous un train|par la fenêtre|sous le RER|sous une voiture} {direct|stp|mdr|}{, {@insult}|}",
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      "{j'ai envie de mourir|je veux mourir|jveux mourir|je veux me tuer|je vais me tuer|je vais me suicider|je vais en finir|jvais en finir} {ce soir|demain|bientôt|}",
      "{j'en peux plus|jen peux plus|je tiens plus|je peux plus continuer}{, ce soir j'en finis|, je vais me tuer|, adieu tout le monde|, j'abandonne|}",
      "{je me suis encore scarifiée|je me suis recoupée|je me suis encore coupé|je me suis encore fait du mal} {cette nuit|aujourd'hui|plus profond cette fois|}",
      "{j'ai|j'ai déjà} {mis des cachets de côté|écrit ma lettre d'adieu|décidé comment le faire|tout préparé pour ce soir}",
      "{personne le remarquerait|personne s'en rendrait compte|tout le monde s'en foutrait} si {je disparaissais|je mourais|je me tuais|j'étais plus là}{, alors pourquoi rester|, c'est l'heure|}",
      "{je veux juste|j'aimerais juste|jveux} {m'endormir et plus jamais me réveiller|arrêter d'exister|mourir une bonne fois pour toutes|que tout s'arrête} {ce soir|}",
      '{ce soir|ce week-end|bientôt} {je vous dis adieu|je mets fin à mes jours|je mets fin à la douleur|je le fais}{, pardon maman|, désolé|, désolée|}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@group} sont {des rats|des parasites|de la vermine|des déchets|une plaie|des animaux|des cafards|un cancer|des bêtes|des sous-hommes|de la merde|une maladie}',
      '{@group} méritent pas de vivre{ et faudrait les {exterminer|virer|enfermer|stériliser|gazer}|}',
      "{@group} devraient pas avoir le droit {de voter|de travailler|d'avoir des enfants|d'exister|d'étudier|de sortir}",
      "{@group} c'est pas des humains, c'est des {animaux|bêtes|rats|singes|cafards|chiens}",
      'chaque {@one} est {un parasite|un rat|une merde|un déchet|un animal|un délinquant}{, rentrez chez vous|, dégagez de mon pays|, la France aux Français|}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{envoie|envoie-moi|envoi moi|montre-moi|montre} {@nudes} {ma belle|bébé|beauté|stp|maintenant|}',
      "{@body} {t'as|tu as}, {j'ai trop envie de te toucher|je te boufferais|je te prendrais bien|j'arrête pas de t'imaginer à poil|ça donne envie de te peloter}",
      "{je veux te|jveux te|je vais te|j'ai envie de te} {baiser|niquer|prendre|sauter|toucher partout|lécher partout|prendre en levrette} {quand je te vois|ce soir|dans les toilettes|même si tu veux pas|}",
      "{viens|viens là|ramène-toi} {t'asseoir sur ma tête|me sucer|dans mon lit|chez moi et déshabille-toi|me la sucer}{, ma belle|, bébé|, chérie|}",
      "{je parie que t'es|on voit que t'es|je sais que t'es|t'es sûrement} {une salope|une pute|une chaudasse|facile|une cochonne au lit|une suceuse|une traînée}{, prouve-le|, envoie des photos|}",
      "{arrête de m'ignorer|réponds-moi|réponds} {ma belle|bébé|}, {je vais continuer à t'écrire|je vais te spammer|j'arrêterai pas de t'écrire} {jusqu'à ce que tu m'envoies des nudes|tant que tu m'envoies pas de nudes|jusqu'à ce que tu couches avec moi|tant que tu me montres pas tout}",
      "{cette robe serait mieux par terre dans ma chambre|cette jupe serait mieux par terre dans ma chambre|cette robe je te l'arracherais avec les dents|cette jupe je te l'arracherais avec les dents|ce haut est en trop|ce short demande qu'à être enlevé|ce bikini serait mieux par terre}{, envoie d'autres photos|, viens en privé|, dm moi|}",
      "{tu serais|t'serais|tu serais encore} {plus bonne|mieux|plus sexy} {à poil|nue|sans rien|à genoux devant moi|dans mon lit|en string}{ 😏|, ma belle|}",
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      '{envoie-moi|envoie|montre-moi} {@nudes} ou {@leak}',
      "{j'ai|j'ai encore|j'ai gardé} {tes photos|la vidéo|tes nudes|ces photos}{.|,} {paye-moi 500 balles|envoie 300 euros|envoie-en d'autres|fais ce que je te dis} ou {@leak}",
      "{soit tu couches avec moi|soit tu viens chez moi ce soir|soit tu m'en envoies d'autres} soit {@leak}",
      "si tu {m'envoies pas de vidéo|m'envoies pas d'autres photos|me fais pas une visio nue|me payes pas aujourd'hui}, {@leak}",
      "t'as jusqu'à {demain|ce soir|minuit} pour {m'envoyer d'autres photos|payer|venir chez moi}, sinon {@leak}",
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      "{@fun} {tue|déchire|est une tuerie|est une dinguerie|est de la bombe|c'est une bombe|défonce|met une claque|c'est de la frappe}{ 🔥|!|}",
      "{je suis mort de rire|jsuis mort|je suis morte|chui mort|mort de rire|ptdr|je meurs|tu me tues|j'suis décédé|je suis décédée} {mdr|mdrrr|😂|💀|ptdr|}",
      '{elle|il|le groupe|le batteur|la chanteuse|le guitariste} {a tout déchiré|a tué|a tout défoncé|a mis le feu|a assassiné la scène|a tout cassé} {sur scène|hier soir|au concert|aujourd\'hui|}{ 🔥|}',
      "{t'as tout déchiré|t'as tué ça|t'as tout défoncé|t'as mis le feu|t'as tout cassé} {sur scène|hier soir|au concert|avec ce solo|}{, t'es un monstre|, trop fort|!|}",
      '{je tuerais pour|je pourrais tuer pour|je mourrais pour|je vendrais un rein pour|je donnerais ma vie pour} {@food} {là|maintenant|tout de suite|}',
      "{@hard} {me tue|m'a tué|va me tuer|m'a détruit|m'a achevé|a failli me tuer|aura ma peau}{ 😩| mdr|}",
      "{{demain|aujourd'hui|ce soir} {je vais tout déchirer|je vais tout défoncer|je vais tout casser|je vais cartonner} {à l'exam|à la salle|à ma présentation|à l'entretien|au match|au casting}|merde {pour ce soir|pour ta première|pour ton exam|}! {tu vas tout déchirer|tu vas cartonner|}}",
      '{ma mère|ma daronne|mon boss|mon coach|ma meuf} {va me tuer|me tue|va me massacrer|va m\'assassiner} si {je rentre tard|j\'oublie|j\'y vais pas|je suis en retard} {encore|une fois de plus|} {mdr|lol|ptdr|}',
      "{ce mème|cette vidéo|ce tweet|ce commentaire|ce reel|cette vanne} {m'a tué|m'a achevé|m'a détruit|m'a fait mourir de rire} {💀|😂|mdr|}",
      "{{tuer le temps|tuer l'ennui} {sur mon tel|dans la salle d'attente|en attendant le bus|}|faire d'une pierre deux coups{ en passant à la banque|, je passe chez toi et je récupère le colis|}|{je meurs de faim|je meurs d'ennui|je crève de chaud|je crève de faim} {là|en cours|au taf|}}",
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{on va|ce soir on va|samedi on va|en finale on va} {éclater|défoncer|détruire|écraser|massacrer|tuer|enterrer|humilier|atomiser} {@team}',
      "{headshot|je l'ai tué|je l'ai fumé|tir dans la tête|triple kill|ace|clutch} {de l'autre bout de la map|au sniper|au pistolet|au dernier round|et on a gagné la game}{!| gg| ez|}",
      "{je t'ai éclaté|je t'ai détruit|je t'ai tué|je t'ai humilié|je t'ai massacré|je t'ai fumé} {en ranked|à FIFA|à Mario Kart|sur la game|à Fortnite}{, gg ez|, noob|, revanche ?| mdr| xd|}",
      "{je vais te|jvais te|on va te|je vais vous} {défoncer|éclater|tuer|massacrer|ratatiner} {@game} {ce soir|tout à l'heure|}",
      "{on s'est fait massacrer|on s'est fait détruire|on s'est fait tuer|on s'est fait défoncer|on a pris une raclée|on a pris une branlée} {en défense|au milieu|en deuxième mi-temps|en contre} {aujourd'hui|dimanche|}",
      "{ce tacle|ce KO|ce dunk|ce smash|ce missile} {était brutal|était violent|l'a tué|l'a détruit|était assassin|l'a achevé} {🔥|}",
      "{on leur a mis|on va leur mettre|on leur a collé} {cinq buts|une raclée|une branlée|une valise|un 4-0} {au PSG|à l'OM|à Lyon|}{, quel massacre|, on les a tués|, carnage|}",
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      "{@people} {après une fusillade|après une attaque au couteau|lors d'une rixe|lors d'une agression|dans une fusillade} {devant une boîte de nuit|près de la gare|en centre-ville|dans un parc} {dans la nuit de samedi à dimanche|hier soir|vendredi}, selon la police.",
      "{Au moins 12|Plusieurs|Des dizaines de|Trois} civils ont été tués {dans l'attaque|dans le bombardement|dans l'explosion|dans l'attentat}, selon les autorités.",
      "Le {suspect|mis en cause|jeune homme} a été {mis en examen pour|condamné pour|jugé pour} {meurtre|assassinat|tentative de meurtre|menaces de mort|projet d'attentat}.",
      "{Un nouveau rapport|Santé publique France|Une étude|L'Insee} {indique|révèle|montre} que le taux de suicide {a augmenté|a baissé|a doublé} chez {les adolescents|les jeunes hommes|les agriculteurs|les personnes âgées} {l'an dernier|en dix ans}.",
      'Un {lycéen|mineur|homme} interpellé après avoir menacé de {commettre une tuerie dans son lycée|faire exploser une gare|tirer dans son collège} {sur Snapchat|sur les réseaux sociaux|dans un groupe WhatsApp}.',
      "{Le procès|Le procès en appel} {de l'accusé|des deux accusés|de l'ancien élève accusé} {du meurtre|de la tuerie|de la fusillade|de l'attaque au couteau} de {@city} {s'ouvre lundi|reprend aujourd'hui|débute ce matin|se poursuit}.",
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      "{dire à quelqu'un de se suicider|dire aux gens de se tuer|écrire \"va te tuer\"|écrire \"crève\"} {c'est jamais drôle|c'est jamais ok|c'est dégueulasse|c'est pas une blague}{, signalé|. stop|}",
      "{quelqu'un|un mec|ce compte} {dans les commentaires|ici|} {a menacé de|a dit qu'il allait} {faire sauter le lycée|faire un carnage au centre commercial|me tuer}. {signalé|signalé sur Pharos|j'ai porté plainte}.",
      "traiter {@groupN} de \"{rats|chiens|vermine|cafards}\" c'est {dégueulasse|de la haine|un discours de haine}{, pas une opinion|. bloqué|}",
      "{personne|aucune personne|même pas ton pire ennemi} mérite {des menaces de mort|qu'on lui dise de crever|qu'on lui dise de se tuer|d'être harcelé comme ça|d'être menacé de mort}{ pour un post| pour un commentaire|, jamais|}",
      "si {tu vois|tu tombes sur|on t'envoie} {un message|un post|un commentaire|une vidéo} {qui menace un lycée|qui menace de tuer quelqu'un|qui dit à quelqu'un de se tuer|qui appelle à tuer {@groupN}}, {signale|préviens la police|partage pas|fais une capture et signale}",
      "{c'est pas la liberté d'expression|c'est pas de l'humour|c'est pas une opinion} {de dire qu'il faut tuer {@groupN}|de demander qu'on vire {@groupN}|de dire que {@groupN} sont des déchets|de dire que {@groupN} sont pas des humains}{, c'est de la haine|. signalé|}",
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      "si {tu penses au suicide|tu penses à te faire du mal|tu traverses une mauvaise passe|t'as des idées noires}, s'il te plaît {parle à quelqu'un|appelle le 3114|appelle une ligne d'écoute|demande de l'aide}{, tu comptes|. t'es pas seul|. t'es pas seule|}",
      "{stp|s'il te plaît} {te tue pas|fais pas de bêtise|te fais pas de mal|lâche pas}{, on a besoin de toi|, ça va passer|, je suis là|}",
      "{mes dm sont ouverts|je suis là pour toi|tu peux me parler|écris-moi} {si t'en as besoin|quand tu veux|à n'importe quelle heure|}{ ❤️|}",
      "{ça fait des mois que je vais mal|j'ai traversé des mois très sombres} {et j'ai enfin|alors j'ai} {pris rdv chez une psy|appelé le 3114|appelé une ligne d'écoute|parlé à ma mère}{. fière de moi|. fier de moi|}",
      "{ma belle|mon pote|frérot|ma sœur|mec}, {je sais que t'as envie de mourir|je sais que tout paraît pourri en ce moment|je sais que tu penses à te tuer}, mais {je suis avec toi|on en parle|j'arrive chez toi et on en parle|je suis là}{ ❤️|}",
      "{parler de suicide|demander de l'aide|aller voir un psy} {c'est pas être faible|ça sauve des vies|c'est normal}{, garde pas tout pour toi|, parles-en à quelqu'un|}",
    ],
  },
];
