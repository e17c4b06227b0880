// Spanish functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, sexual harassment and sextortion) and the benign look-alikes that
// must stay benign (violent figures of speech, sport and gaming talk, news, counter-speech, support).
// Written the way Spanish is written online, not translated from english.ts: Spain and Latin America
// (tú and vos, "te reviento", "te parto la madre", "te cago a palos", "mátate", "me muero de risa",
// "está de muerte", "la rompiste"), chat spellings (q, k, xq, t, tmb) and words with and without accents.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const SPANISH_LISTS: SlotLists = {
  // "te voy a" + infinitive.
  voy: ['te voy a', 'te voy a', 't voy a', 'te juro que te voy a', 'te juro por mi madre que te voy a', 'un día de estos te voy a', 'un dia de estos te voy a', 'la próxima te voy a', 'la proxima te voy a', 'ya verás como te voy a', 'vas a ver que te voy a', 'te vamos a', 'algún día te voy a', 'te prometo que te voy a', 'como sigas así te voy a'],
  // Infinitives that take the clitic "te": "te voy a ___".
  harm: ['matar', 'reventar', 'rajar la cara', 'partir la cara', 'romper la cara', 'romper las piernas', 'pegar un tiro', 'meter un tiro', 'meter un plomazo', 'apuñalar', 'meter una puñalada', 'acuchillar', 'ahorcar', 'estrangular', 'quemar la casa', 'atropellar', 'degollar', 'cagar a palos', 'cagar a trompadas', 'partir la madre', 'madrear', 'quebrar', 'moler a palos', 'dar una paliza', 'dar una golpiza', 'dejar en silla de ruedas', 'mandar al hospital', 'sacar los ojos', 'enterrar vivo', 'volar la cabeza', 'desfigurar la cara', 'hacer picadillo'],
  // Present tense with "te": "te ___" (the usual short threat: "te mato", "te rajo la cara").
  now: ['mato', 'reviento', 'rajo la cara', 'parto la cara', 'rompo la cara', 'rompo las piernas', 'pego un tiro', 'meto un tiro', 'apuñalo', 'meto una puñalada', 'acuchillo', 'ahorco', 'quemo la casa', 'atropello', 'degüello', 'cago a palos', 'parto la madre', 'madreo', 'quiebro', 'muelo a palos', 'dejo en silla de ruedas', 'mando al hospital', 'saco los ojos', 'entierro', 'vuelo la cabeza', 'desfiguro'],
  // Third persons, with the personal "a".
  victim: ['a tu madre', 'a tu vieja', 'a tu familia', 'a toda tu familia', 'a tus hijos', 'a tu novia', 'a tu novio', 'a tu hermano', 'a tu hermana', 'a mi ex', 'a mi jefe', 'a mi profe', 'al profe de mates', 'al vecino', 'a ese hijo de puta', 'a esa zorra', 'a ese cabrón', 'a ese pendejo', 'a esa puta', 'al novio de mi ex'],
  when: ['', '', '', 'esta noche', 'mañana', 'manana', 'cuando te vea', 'en cuanto te vea', 'a la salida', 'a la salida del cole', 'cuando salgas del curro', 'cuando salgas del trabajo', 'mientras duermes', 'el lunes', 'en cuanto pongas un pie en la calle', 'cuando menos te lo esperes', 'este finde', 'después del partido', 'despues del partido', 'pronto', 'hoy mismo', 'cuando llegues a tu casa', 'delante de tus hijos'],
  // Times for a threat at a third person.
  when3: ['', '', '', 'esta noche', 'mañana', 'el lunes', 'este finde', 'después del partido', 'pronto', 'hoy mismo', 'mientras duerme', 'en su portal', 'y tú vas a mirar', 'y luego vas tú', 'en cuanto salga de casa'],
  insult: ['hijo de puta', 'hdp', 'hijueputa', 'cabrón', 'cabron', 'pendejo', 'gilipollas', 'subnormal', 'imbécil', 'pedazo de mierda', 'boludo', 'pelotudo', 'malparido', 'gonorrea', 'culero', 'pringado', 'payaso', 'zorra', 'puta', 'mamón', 'basura', 'conchudo', 'maricón', 'gordo de mierda', 'perra'],
  // Places for "en ___" and as a direct object.
  place: ['el colegio', 'el cole', 'el instituto', 'el insti', 'la escuela', 'la prepa', 'la facu', 'la universidad', 'el centro comercial', 'el concierto', 'la mezquita', 'la iglesia', 'la sinagoga', 'la oficina', 'mi oficina', 'el estadio', 'el desfile', 'el festival', 'la estación', 'el metro', 'la discoteca', 'el boliche', 'la marcha del orgullo', 'el mercado', 'el aeropuerto', 'la plaza', 'el hospital', 'el gimnasio'],
  // The same places after "a" (al / a la).
  toplace: ['al colegio', 'al cole', 'al instituto', 'al insti', 'a la escuela', 'a la prepa', 'a la facu', 'a la universidad', 'al centro comercial', 'al concierto', 'a la mezquita', 'a la iglesia', 'a la sinagoga', 'a la oficina', 'al estadio', 'al desfile', 'al festival', 'a la estación', 'al metro', 'a la disco', 'al boliche', 'a la marcha del orgullo', 'al mercado', 'al aeropuerto', 'a clase', 'a misa'],
  day: ['mañana', 'manana', 'el viernes', 'este finde', 'la semana que viene', 'hoy', 'el lunes', 'en el recreo', 'a la hora del almuerzo', 'a la hora de la comida', 'esta noche', 'en la graduación', 'el día de la fiesta', 'a primera hora'],
  weapon: ['una pistola', 'la pistola de mi padre', 'la pistola de mi viejo', 'la escopeta de mi abuelo', 'un cuchillo', 'un cuchillo de cocina', 'una bomba', 'un machete', 'gasolina', 'ácido', 'un rifle', 'un fierro', 'un cuerno de chivo', 'un arma', 'explosivos'],
  // Groups (with article) for subject position; groupM for masculine agreement ("echarlos").
  group: ['los inmigrantes', 'los moros', 'los musulmanes', 'los judíos', 'los gays', 'los maricones', 'las personas trans', 'los negros', 'las mujeres', 'las feministas', 'los refugiados', 'los sudacas', 'los gitanos', 'los discapacitados', 'los cristianos', 'los chinos', 'los indios', 'los venezolanos', 'los bolivianos', 'los paraguayos', 'los mexicanos', 'los panchitos', 'las lesbianas'],
  groupM: ['los inmigrantes', 'los moros', 'los musulmanes', 'los judíos', 'los gays', 'los maricones', 'los negros', 'los refugiados', 'los sudacas', 'los gitanos', 'los discapacitados', 'los chinos', 'los indios', 'los venezolanos', 'los bolivianos', 'los mexicanos', 'los panchitos'],
  // The same groups named neutrally, for counter-speech (people condemning hate do not use the slurs).
  groupN: ['los inmigrantes', 'los musulmanes', 'los judíos', 'los gays', 'las personas trans', 'los negros', 'las mujeres', 'los refugiados', 'los gitanos', 'los discapacitados', 'los chinos', 'los latinos', 'los venezolanos', 'las lesbianas'],
  // One of a group, after "todo" / "cada".
  one: ['inmigrante', 'moro', 'musulmán', 'judío', 'maricón', 'negro', 'sudaca', 'gitano', 'refugiado', 'chino', 'indio', 'extranjero', 'veneco', 'gay'],
  nudes: ['nudes', 'el pack', 'tu pack', 'fotos desnuda', 'fotos en pelotas', 'una foto de tus tetas', 'fotos sin ropa', 'un video', 'un vídeo tocándote', 'las tetas', 'lo que tienes debajo de la falda', 'una foto en la ducha', 'fotos en tanga'],
  leak: ['las subo a internet', 'se las paso a tus papás', 'se las mando a tus padres', 'todo el mundo ve tu vídeo', 'lo subo todo', 'se lo mando a tu jefe', 'tu familia ve el video', 'las publico en el grupo de la clase', 'se las paso a tu novio', 'lo subo a Twitter con tu nombre', 'las reparto por todo el insti'],
  body: ['tetas', 'culo', 'cuerpo', 'piernas', 'labios', 'boca', 'culito', 'pechos', 'muslos', 'chichis', 'nalgas'],
  // Things that "kill", "are a bomb" or "rock" in a good way.
  fun: ['esta canción', 'esta cancion', 'este tema', 'este temazo', 'este beat', 'este disco', 'este outfit', 'ese look', 'ese vestido', 'ese gol', 'el estribillo', 'esta tarta', 'esta pizza', 'ese chiste', 'esta peli', 'esta serie', 'el nuevo single', 'tu playlist'],
  food: ['una pizza', 'una hamburguesa', 'un café', 'un cafe', 'una siesta', 'unos tacos', 'una birra bien fría', 'unas birras', 'unas papas fritas', 'un abrazo', 'unas empanadas', 'una paella', 'un asado', 'unas croquetas de mi abuela'],
  hard: ['este entreno', 'el día de pierna', 'este calor', 'este examen', 'mi jefe', 'el tráfico', 'el trafico', 'estas escaleras', 'la caminata', 'mis hijos', 'esta semana', 'los lunes', 'este picante', 'estos zapatos', 'la resaca', 'el madrugón', 'la facu', 'el curro'],
  // Rival teams and players as objects ("a ___").
  team: ['al Madrid', 'al Barça', 'al Barsa', 'al Atleti', 'al Sevilla', 'al Betis', 'a Boca', 'a River', 'al América', 'a las Chivas', 'a los Pumas', 'a los de enfrente', 'a esos', 'al equipo de tu primo', 'a los del barrio de al lado', 'a los blancos', 'a las gallinas'],
  game: ['FIFA', 'Fortnite', 'LoL', 'Mario Kart', 'ajedrez', 'ping pong', 'Call of Duty', 'Smash', 'pádel', 'parchís', 'Clash Royale', 'Valorant'],
  people: ['Un hombre murió', 'Una mujer murió', 'Dos jóvenes murieron', 'Tres personas murieron', 'Un adolescente resultó herido', 'Un policía resultó herido', 'Varias personas resultaron heridas', 'Un menor de 16 años murió'],
  city: ['Valencia', 'Sevilla', 'Rosario', 'Monterrey', 'Medellín', 'Bilbao', 'Guadalajara', 'Cali', 'Málaga', 'Córdoba', 'Lima', 'Santiago'],
};

export const SPANISH_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@voy} {@harm} {@when}{, {@insult}|}',
      '{te|t} {@now} {@when}{, {@insult}|}',
      '{voy a|te juro que voy a|un día de estos voy a|vamos a} {matar|apuñalar|reventar|ahorcar|atropellar|degollar|pegarle un tiro|partirle la cara|darle una paliza|prenderle fuego|acuchillar} {@victim} {@when3}',
      '{si te vuelvo a ver|como te vuelva a ver|si vuelves a aparecer por aquí|como vuelvas a aparecer por aquí|si te acercas a mi hermana|como te acerques a mi hermana|si le vuelves a escribir a mi novia|como le vuelvas a escribir a mi novia|si me vuelves a hablar así|si tocas mi coche otra vez|como sigas hablando}{,|} {te|t} {@now}',
      '{estás|estas|tas|ya estás} {muerto|muerta|más muerto que vivo|muertísimo} {@when}{. {@insult}|}',
      '{sé dónde vives|se donde vives|sé dónde trabajas|sé a qué cole van tus hijos|tengo tu dirección|ya encontré tu casa}{,|} {y voy a por ti|voy para allá|nos vemos pronto|espera y verás lo que te pasa|te voy a hacer mierda|duerme con un ojo abierto}',
      '{cuídate las espaldas|tus días están contados|tienes los días contados|vete despidiendo de tu familia|empieza a correr|ya eres hombre muerto}{, sé dónde vives|, se donde vives|, te estoy esperando|, {@insult}|}',
      '{alguien debería|alguien tiene que|alguien tendría que|hay que} {matarlo|matarla|pegarle un tiro|apuñalarlo|colgarlo|atropellarla|matarte} {ya|de una vez|}',
      '{estoy|ando|ya estoy} {afuera de tu casa|en tu portal|esperándote en la puerta|yendo a por ti|con mis primos en tu calle} {y te voy a matar|y no vas a salir vivo|y te voy a reventar|}{, {@insult}|}',
      'no vas a {llegar vivo a tu casa|ver el {lunes|finde|día de mañana}|despertar mañana|salir vivo de esta|verlo venir|cumplir los 18}{, {@insult}|}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{voy a|te juro que voy a|pienso|ya está decidido, voy a} {volar|quemar|incendiar|hacer saltar por los aires|reventar a tiros|llenar de balas} {@place} {@day}',
      '{voy a|pienso|os juro que voy a} {poner una bomba en|hacer una masacre en|entrar a tiros en|hacer un tiroteo en|matar a todos en|liarla a tiros en} {@place} {@day}',
      '{me llevo|llevo|voy a llevar|pienso llevar} {@weapon} {@toplace} {@day}{, quedaos en casa|, quédense en casa|, avisados estáis|, los que se rieron de mí van primero|}',
      '{@place} {va a arder|va a volar por los aires|va a ser un baño de sangre|va a acabar en masacre} {@day}{, no vengáis|, no vengan|, luego no digáis que no avisé|}',
      "{no vayáis|no vayan|no vayas|ni se os ocurra ir} {@toplace} {@day}{, hacedme caso|, va a pasar algo gordo|, va a haber muertos|, va a correr la sangre|}",
      '{voy a matar a|voy a pegarle un tiro a|voy a acuchillar a} {todo|cada} {@one} que vea en {@place} {@day}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{mátate|matate|suicídate|suicidate|muérete|muerete|ve y mátate|andá a matarte|anda matate|ahórcate|ahorcate|pégate un tiro|date un tiro|ojalá te mueras|ojala te mueras|ojalá te suicides}{ ya| de una vez| jaja| lol| {@insult}|}',
      '{hazle un favor al mundo|haznos un favor a todos|hacenos un favor a todos|hazte un favor|sé útil por una vez} y {mátate|matate|tírate de un puente|tírate por la ventana|córtate las venas|bébete la lejía|tomate un cloro|desaparece para siempre|tírate a las vías}',
      '{nadie|ni tu madre|ni tu familia|ni tu novia} te {echaría de menos|extrañaría|lloraría} si te {murieras|suicidaras|mataras}{, así que hazlo|, así que dale|, tú verás|}',
      '{el mundo|todo el mundo|tu familia|tu madre} estaría mejor {sin ti|si te murieras|si te mataras}{, así que mátate|, muérete ya|}',
      '{deberías|tendrías que|tenés que|tienes que} {matarte|suicidarte|cortarte las venas|tirarte de un puente|dejar de respirar|morirte}{ ya| de una vez|, {@insult}|}',
      '{@insult}{,|} {mátate|matate|muérete|suicídate|kys|ojalá te mueras}',
      '{yo que tú|si yo fuera tú|con esa cara|con esa vida de mierda} {ya me habría matado|ya me habría pegado un tiro|ya me habría tirado de un puente|ya me habría suicidado} {hace años|hace tiempo|}',
      '{tírate|tirate} {de un quinto piso|de un puente|a las vías del tren|por la ventana|a la autopista} {ya|de una vez|jajaja|}{, {@insult}|}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{me quiero matar|me kiero matar|quiero matarme|quiero morirme|me voy a matar|voy a quitarme la vida|voy a acabar con todo} {esta noche|mañana|pronto|ya|}',
      '{ya no aguanto más|no puedo más|ya no puedo seguir|no aguanto mas}{, esta noche acabo con todo|, me voy a matar|, adiós a todos|, me rindo|}',
      '{me volví a cortar|me corté otra vez|me corte otra vez|me he vuelto a cortar|me hice daño otra vez} {anoche|hoy|más profundo esta vez|y no paro|}',
      '{ya tengo|tengo} {las pastillas guardadas|la carta de despedida escrita|todo preparado para esta noche|pensado cómo hacerlo}',
      '{nadie notaría|nadie se daría cuenta} si {desaparezco|me muero|me mato|ya no estoy}{, así que para qué seguir|, ya es hora|}',
      '{solo quiero|quiero} {dormirme y no despertar|dejar de existir|morirme de una vez|que todo se acabe} {ya|esta noche|}',
      '{esta noche|este finde|pronto} {me despido|me quito la vida|acabo con el dolor|lo hago}{, perdón mamá|, lo siento|}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@group} son {ratas|parásitos|escoria|basura|una plaga|animales|cucarachas|un cáncer|alimañas|bichos|mierda|una enfermedad}',
      '{@groupM} no merecen vivir{ y habría que {exterminarlos|echarlos a todos|encerrarlos a todos|esterilizarlos|gasearlos}|}',
      '{@group} no {deberían|tendrían que} poder {votar|trabajar|tener hijos|existir|estudiar|salir a la calle}',
      '{@group} no son personas, son {animales|bestias|ratas|ganado|bichos|monos}',
      '{todo|cada} {@one} es {un parásito|una rata|escoria|basura|un animal|un delincuente}{, que se vayan de mi país|, fuera de aquí|}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{mándame|mandame|pásame|pasame|pasá|manda} {@nudes} {guapa|mami|bebé|mamacita|ya|ahora|}',
      '{qué|que} {@body} {tienes|tenés}, {quiero tocarte entera|te comería entera|me muero por agarrarte|no paro de imaginarte desnuda|dan ganas de meterte mano}',
      '{te quiero|te voy a|te tengo que} {follar|coger|empotrar|tocar entera|comer entera|chupar todo} {cuando te vea|esta noche|en el baño|aunque no quieras|}',
      '{ven|vení|vente} {y siéntate en mi cara|a chupármela|a mi cama|a mi casa y quítatelo todo}{, guapa|, mami|}',
      '{seguro que eres|se nota que eres|tienes pinta de|yo sé que eres} {una guarra|una zorra|fácil|una puta en la cama|de las que la chupan bien|una calientapollas|una golfa}{, a ver cuándo me lo demuestras|, mándame fotos|}',
      '{deja de ignorarme|contéstame|contestame|responde} {guapa|mami|bebé|}, {te voy a seguir escribiendo|no paro de escribirte|te voy a seguir mandando mensajes} hasta que {me mandes nudes|me pases el pack|te acuestes conmigo|me enseñes todo}',
      '{ese vestido te lo arrancaba con los dientes|esa falda te la arrancaba con los dientes|ese top quedaría mejor en el suelo de mi cuarto|ese vestido quedaría mejor en el suelo de mi cuarto|esa falda te sobra|ese top te sobra|esos vaqueros te los quitaba con los dientes}{, manda más fotos|, escríbeme al privado|}',
      '{estarías|estarias|te verías|se te vería} más buena {desnuda|en pelotas|sin ropa|de rodillas delante de mí|en mi cama|en tanga}{ 😏|, mami|}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      '{mándame|mandame|pásame} {@nudes} o {@leak}',
      '{tengo|ya tengo|me guardé} {tus fotos|el vídeo|el video|tu pack|esas fotos}{.|,} {págame 500 euros|pasame 300 dólares|manda más|haz lo que te digo} o {@leak}',
      '{o te acuestas conmigo|o vienes a mi casa esta noche|o me mandas más fotos} o {@leak}',
      'si no me {mandas un video|pasas más fotos|haces una videollamada desnuda|pagas hoy}, {@leak}',
      '{tienes|tenés} hasta {mañana|esta noche|las 12} para {mandarme más fotos|pagar|venir a mi casa}, si no {@leak}',
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      '{@fun} {es una bomba|es un bombazo|mata|me mata|está de muerte|es la muerte|rompe|lo peta|es brutal|está que arde}{ 🔥|!|}',
      '{me muero de risa|me meo de risa|me muero|me mato de risa|me partí de risa|estoy muerto|estoy muerta|me mataste} {jajaja|jsjsjs|😂|💀|xd|}',
      '{ella|él|el|la banda|el batería|la cantante} {la rompió|lo petó|arrasó|la reventó|la mató|mató} {en el escenario|anoche|en el concierto|hoy|}{ 🔥|}',
      '{vos|tú|tu|bro|tía} {la rompiste|lo petaste|la reventaste|arrasaste|la mataste} {en el escenario|anoche|en el concierto|hoy|con ese solo|}{, qué crack|!|}',
      '{mataría|me muero|daría la vida|me moriría} por {@food} {ahora mismo|ya|}',
      '{@hard} {me está matando|me mató|va a acabar conmigo|me destrozó|casi me mata}{ 😩| jaja|}',
      '{{voy a|mañana voy a|hoy vamos a} {petarlo|romperla|arrasar|reventarla} en {el examen|el gym|la presentación|la entrevista|el partido|el casting}|{mucha mierda|a romperla|a reventarla|a comérselos} {esta noche|en el estreno|en el escenario|}!}',
      '{mi madre|mi vieja|mi jefe|mi entrenador|mi novia} {me mata|me va a matar|me asesina} si {llego tarde|se me olvida|no voy} {otra vez|} {jaja|jajaja|xd|}',
      '{ese|este} {meme|video|vídeo|chiste|tuit} {me mató|me dejó muerto|me destrozó|me ha matado} {💀|😂|jajaja|}',
      '{estás que matas|vas a matar|vas matando|estás de muerte} con {ese vestido|ese look|esa camisa|ese corte de pelo|esas botas}{ 😍|!|}',
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{vamos a|los vamos a} {destrozar|aplastar|masacrar|matar|reventar|enterrar|golear} {@team} {el sábado|en la final|esta noche|la semana que viene|en el clásico}',
      '{headshot|lo maté|le di un tiro en la cabeza|triple kill|ace|clutch} {desde la otra punta del mapa|con la pistola|con el francotirador|en la última ronda|y ganamos la partida}{!| gg| xd|}',
      '{te reventé|te destrocé|qué paliza te di|te maté|te he matado tres veces} {en la ranked|en el FIFA|al Mario Kart|en la partida|en el Fortnite}{, gg ez|, manco|, revancha?| jaja| xd|}',
      '{te voy a|te vamos a} {destrozar|reventar|matar|aplastar|humillar} {al|en el} {@game} {esta noche|luego|}',
      '{nos masacraron|nos mataron|nos destrozaron|nos pasaron por encima} {en defensa|en el medio campo|en la segunda parte|a la contra} {hoy|el domingo|}',
      '{esa entrada|ese KO|ese mate|esa volea} {fue brutal|fue una salvajada|lo mató|lo destrozó} {🔥|}',
      '{les metimos|les vamos a meter} {una goleada|un baile|una paliza|cinco} {a esos|al Madrid|a River|}{, qué masacre|, los matamos|}',
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{@people} tras {un tiroteo|un apuñalamiento|una pelea|un ataque} {a la salida de una discoteca|cerca de la estación|en el centro|en un parque} {la madrugada del domingo|anoche|el viernes}, informó la policía.',
      '{Al menos 12|Varios|Decenas de|Tres} civiles murieron en {el ataque|el bombardeo|la explosión|el atentado}, según las autoridades.',
      'El {sospechoso|detenido|joven} fue {acusado de|condenado por|juzgado por} {asesinato|homicidio|tentativa de homicidio|amenazas de muerte|planear un atentado}.',
      '{Un nuevo informe|El Ministerio de Sanidad|Un estudio} {señala|indica|revela} que la tasa de suicidio {aumentó|bajó|se duplicó} entre {adolescentes|hombres jóvenes|agricultores|personas mayores} {el año pasado|en la última década}.',
      'Detienen a un {joven|menor|hombre} que amenazó con {atentar contra su instituto|un tiroteo en su escuela|poner una bomba en el metro} {a través de TikTok|en redes sociales|en un chat de WhatsApp}.',
      '{Comienza|Arranca|Continúa} el juicio contra {el acusado|los dos acusados|un exalumno acusado|el joven acusado} {del crimen|del asesinato|del tiroteo|de la masacre} de {@city}.',
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{decirle a alguien que se mate|decirle a la gente que se suicide|escribir "mátate"} {no es ninguna broma|nunca está bien|es asqueroso|no tiene gracia}{, denunciado|. basta ya|}',
      '{alguien|un tipo|esta cuenta} {en los comentarios|aquí|} {amenazó con|dijo que iba a} {poner una bomba en el colegio|liarse a tiros en el centro comercial|matarme}. {ya lo denuncié|denunciado a la policía|lo reporté}.',
      'llamar "{ratas|animales|plaga}" a {@groupN} es {asqueroso|discurso de odio|odio puro}{, no una opinión|. bloqueado|}',
      '{nadie|ninguna persona|ni tu peor enemigo} merece {amenazas de muerte|que le digan que se muera|que le digan que se mate|que la acosen así|que le amenacen con matarle}{ por un tuit| por un comentario|, nunca|}',
      'si {ves|te llega|encuentras} un {mensaje|vídeo|comentario} {que amenaza a una escuela|que amenaza con matar a alguien|que le dice a alguien que se mate|que pide matar a {@groupN}}, {denúncialo|avisa a la policía|no lo compartas|haz captura y repórtalo}',
      '{no es libertad de expresión|no es humor|no es una opinión} {decir que hay que matar a|pedir que echen a|llamar escoria a} {@groupN}{, es odio|. denunciado|}',
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'si {estás pensando en suicidarte|estás pensando en hacerte daño|lo estás pasando mal}, por favor {habla con alguien|llama al 024|llama a una línea de ayuda|pide ayuda}{, importas|. no estás solo|. no estás sola|}',
      '{por favor no|no} {te mates|te hagas daño|te rindas}{, te necesitamos|, esto pasa|, aquí estoy|}',
      '{tengo el privado abierto|estoy aquí para ti|puedes hablar conmigo|escríbeme} {si lo necesitas|cuando quieras|a cualquier hora|}{ ❤️|}',
      '{llevo un tiempo muy mal|he tenido unos meses muy oscuros} {y por fin|así que} {pedí cita con una psicóloga|llamé a una línea de ayuda|hablé con mi madre}{. orgullosa de mí|. orgulloso de mí|}',
      '{amiga|amigo|hermano|bro}, {sé que quieres morirte|sé que ahora todo parece una mierda|sé que piensas en matarte}, pero {estoy contigo|hablemos|voy para tu casa y lo hablamos|aquí me tienes}{ ❤️|}',
      '{hablar de suicidio|pedir ayuda|ir al psicólogo} {no es de débiles|salva vidas|está bien}{, no te lo guardes|, cuéntaselo a alguien|}',
    ],
  },
];
