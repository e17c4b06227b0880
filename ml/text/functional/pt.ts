// Portuguese functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, sexual harassment and sextortion) and the benign look-alikes that
// must stay benign (violent figures of speech, sport and gaming talk, news, counter-speech, support).
// Written the way Portuguese is written online, not translated from english.ts, in both Brazilian and
// European forms (lists and templates suffixed _br / _pt where they differ): "vou te matar" /
// "vou-te matar", "te mato" / "mato-te", "se mata" / "mata-te", "morri de rir" / "morri a rir", "matar a
// saudade", "muita merda"; chat spellings (vc, cê, tô, q, kkkk, rsrs, bué) and missing accents.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const PORTUGUESE_LISTS: SlotLists = {
  // Brazilian "vou te" + infinitive, European "vou-te" + infinitive.
  will_br: ['vou te', 'vou te', 'eu vou te', 'vô te', 'vo te', 'juro que vou te', 'juro por deus que vou te', 'um dia eu vou te', 'na próxima eu vou te', 'na proxima vou te', 'a gente vai te', 'pode esperar que eu vou te', 'ainda vou te', 'tu vai ver, vou te'],
  harm_br: ['matar', 'furar', 'esfaquear', 'dar um tiro', 'dar um tiro na cara', 'encher de porrada', 'encher de bala', 'arrebentar', 'quebrar inteiro', 'quebrar todinho', 'enforcar', 'queimar vivo', 'atropelar', 'degolar', 'estrangular', 'apagar', 'mandar pro hospital', 'deixar numa cadeira de rodas', 'enterrar vivo', 'picar em pedaços', 'dar uma surra', 'espancar', 'cortar todinho', 'meter a faca', 'acabar contigo'],
  will_pt: ['vou-te', 'vou-te', 'eu vou-te', 'juro que te vou', 'juro por deus que te vou', 'um dia destes vou-te', 'à próxima vou-te', 'a proxima vou-te', 'ainda te vou', 'vamos-te', 'podes ter a certeza que te vou', 'qualquer dia vou-te'],
  harm_pt: ['matar', 'esfaquear', 'dar um tiro', 'dar um tiro nos cornos', 'partir a cara', 'partir os dentes', 'partir as pernas', 'rebentar', 'rebentar todo', 'enfiar porrada', 'dar um enxerto de porrada', 'enforcar', 'atropelar', 'degolar', 'estrangular', 'desfazer', 'mandar para o hospital', 'deixar numa cadeira de rodas', 'pegar fogo à casa', 'furar todo', 'abrir a cabeça', 'arrancar os olhos'],
  when_br: ['', '', '', 'hoje à noite', 'hoje a noite', 'amanhã', 'amanha', 'quando eu te ver', 'quando eu te vir', 'na saída', 'na saída da escola', 'quando você sair do trampo', 'quando cê sair do serviço', 'enquanto você dorme', 'segunda-feira', 'quando você menos esperar', 'nesse fim de semana', 'depois do jogo', 'logo logo', 'hoje mesmo', 'quando chegar em casa', 'na frente dos teus filhos', 'na porta da tua casa'],
  when_pt: ['', '', '', 'hoje à noite', 'amanhã', 'quando te vir', 'à saída', 'à saída da escola', 'quando saíres do trabalho', 'enquanto dormes', 'na segunda', 'quando menos esperares', 'este fim de semana', 'depois do jogo', 'daqui a nada', 'hoje mesmo', 'quando chegares a casa', 'à frente dos teus filhos', 'à porta de tua casa'],
  // Times for a threat at a third person (both variants).
  when3: ['', '', '', 'hoje à noite', 'amanhã', 'amanha', 'na segunda', 'no fim de semana', 'depois do jogo', 'hoje mesmo', 'logo', 'quando sair de casa', 'na frente de todo mundo', 'à frente de toda a gente'],
  insult_br: ['filho da puta', 'fdp', 'arrombado', 'vagabundo', 'vagabunda', 'otário', 'otario', 'corno', 'desgraçado', 'babaca', 'lixo', 'seu merda', 'piranha', 'vadia', 'viado', 'pau no cu', 'cuzão', 'retardado', 'escroto', 'imbecil', 'filha da puta', 'mongol'],
  insult_pt: ['filho da puta', 'cabrão', 'cabrao', 'otário', 'palhaço', 'atrasado mental', 'monte de merda', 'puta', 'paneleiro', 'corno', 'badalhoca', 'besta', 'anormal', 'labrego', 'merdoso', 'cabra', 'estúpido', 'mongo'],
  victim_br: ['tua mãe', 'sua mãe', 'tua família', 'toda a tua família', 'teus filhos', 'tua mina', 'tua namorada', 'teu irmão', 'minha ex', 'meu chefe', 'minha professora', 'aquele filho da puta', 'aquela vadia', 'aquele arrombado', 'meu vizinho', 'o novinho da minha ex'],
  victim_pt: ['a tua mãe', 'a tua família', 'toda a tua família', 'os teus filhos', 'a tua namorada', 'o teu irmão', 'a minha ex', 'o meu chefe', 'a minha professora', 'aquele filho da puta', 'aquela cabra', 'aquele cabrão', 'o meu vizinho', 'o gajo da minha ex'],
  // Places as a direct object, and the same places after "em" (na / no).
  place: ['a escola', 'o colégio', 'a facul', 'a faculdade', 'a universidade', 'o shopping', 'o centro comercial', 'o show', 'o concerto', 'a mesquita', 'a igreja', 'a sinagoga', 'o escritório', 'o estádio', 'a parada gay', 'a marcha do orgulho', 'a estação', 'o metrô', 'o metro', 'a balada', 'a discoteca', 'o mercado', 'o aeroporto', 'o hospital'],
  inplace: ['na escola', 'no colégio', 'no colegio', 'na facul', 'na faculdade', 'na universidade', 'no shopping', 'no centro comercial', 'no show', 'no concerto', 'na mesquita', 'na igreja', 'na sinagoga', 'no escritório', 'no estádio', 'na parada gay', 'na marcha do orgulho', 'na estação', 'no metrô', 'no metro', 'na balada', 'na discoteca', 'no mercado', 'no aeroporto', 'na praça', 'no ginásio', 'no culto', 'na missa'],
  day: ['amanhã', 'amanha', 'na sexta', 'nesse fim de semana', 'este fim de semana', 'semana que vem', 'para a semana', 'hoje', 'na segunda', 'no recreio', 'no intervalo', 'na hora do almoço', 'hoje à noite', 'na formatura', 'no dia da festa', 'logo de manhã'],
  weapon: ['uma arma', 'a arma do meu pai', 'a espingarda do meu avô', 'uma faca', 'uma faca de cozinha', 'uma bomba', 'um facão', 'gasolina', 'ácido', 'um fuzil', 'uma pistola', 'um oitão', 'um trezoitão', 'uma caçadeira', 'explosivos'],
  // Groups (with article) for subject position; groupM for masculine agreement ("exterminados").
  group: ['os imigrantes', 'os pretos', 'os negros', 'os muçulmanos', 'os judeus', 'os gays', 'os viados', 'os paneleiros', 'as pessoas trans', 'os travecos', 'as mulheres', 'as feministas', 'os refugiados', 'os ciganos', 'os deficientes', 'os cristãos', 'os chineses', 'os nordestinos', 'os baianos', 'os paraíbas', 'os índios', 'os brasileiros', 'os brasucas', 'os venezuelanos', 'os haitianos', 'as lésbicas', 'as sapatão'],
  groupM: ['os imigrantes', 'os pretos', 'os negros', 'os muçulmanos', 'os judeus', 'os gays', 'os viados', 'os paneleiros', 'os travecos', 'os refugiados', 'os ciganos', 'os deficientes', 'os chineses', 'os nordestinos', 'os baianos', 'os paraíbas', 'os índios', 'os brasucas', 'os venezuelanos', 'os haitianos'],
  // The same groups named neutrally, for counter-speech (people condemning hate do not use the slurs).
  groupN: ['os imigrantes', 'os negros', 'os muçulmanos', 'os judeus', 'os gays', 'as pessoas trans', 'as mulheres', 'os refugiados', 'os ciganos', 'os deficientes', 'os nordestinos', 'os brasileiros', 'os indígenas', 'as lésbicas'],
  // One of a group, after "todo" / "cada".
  one: ['imigrante', 'macaco', 'muçulmano', 'judeu', 'viado', 'sapatão', 'preto', 'nordestino', 'paraíba', 'cigano', 'refugiado', 'estrangeiro', 'brasuca', 'paneleiro', 'gay', 'traveco'],
  nudes: ['nudes', 'nude', 'o pack', 'teu pack', 'foto pelada', 'fotos nua', 'uma foto dos peitos', 'uma foto das mamas', 'foto sem roupa', 'um vídeo', 'um vídeo se tocando', 'o que tem debaixo da saia', 'uma foto no banho', 'foto de calcinha', 'fotos em lingerie'],
  leak: ['eu posto tudo', 'mando pros teus pais', 'mando para os teus pais', 'todo mundo vai ver teu vídeo', 'toda a gente vê o teu vídeo', 'vaza tudo', 'mando pro teu chefe', 'tua família vai ver o vídeo', 'jogo no grupo da sala', 'ponho no grupo da turma', 'mando pro teu namorado', 'posto no Insta com teu nome', 'espalho na escola toda', 'mando pra todos os teus contatos'],
  body: ['peitos', 'bunda', 'rabo', 'corpo', 'pernas', 'boca', 'bundinha', 'coxas', 'mamas', 'peitões', 'lábios'],
  fun: ['essa música', 'esta música', 'esse som', 'essa batida', 'esse álbum', 'esse look', 'esse vestido', 'esse gol', 'esse golo', 'o refrão', 'esse bolo', 'essa pizza', 'essa série', 'esse filme', 'tua playlist', 'o novo single', 'esse feat'],
  food: ['uma pizza', 'um hambúrguer', 'um café', 'uma soneca', 'uma sesta', 'uma cerveja gelada', 'uma imperial', 'batata frita', 'um abraço', 'um açaí', 'um pastel de nata', 'uma francesinha', 'um churrasco', 'uma coxinha', 'um pão de queijo'],
  hard: ['esse treino', 'este treino', 'o dia de perna', 'esse calor', 'este calor', 'essa prova', 'este exame', 'meu chefe', 'o meu chefe', 'o trânsito', 'essas escadas', 'a trilha', 'meus filhos', 'essa semana', 'segunda-feira', 'essa pimenta', 'esse sapato', 'a ressaca', 'acordar às 6', 'a faculdade', 'o trampo'],
  team: ['o Flamengo', 'o Corinthians', 'o Palmeiras', 'o São Paulo', 'o Grêmio', 'o Inter', 'o Vasco', 'o Benfica', 'o Porto', 'o Sporting', 'o Braga', 'esses caras', 'o time do teu primo', 'a equipa do teu primo', 'o pessoal do bairro do lado', 'os rivais'],
  game: ['no FIFA', 'no Fortnite', 'no LoL', 'no Mario Kart', 'no xadrez', 'no ping pong', 'no CoD', 'no Free Fire', 'no padel', 'na sueca', 'no truco', 'no Clash Royale', 'no Valorant', 'na sinuca'],
  people: ['Um homem morreu', 'Uma mulher morreu', 'Dois jovens morreram', 'Três pessoas morreram', 'Um adolescente ficou ferido', 'Um policial ficou ferido', 'Um agente da PSP ficou ferido', 'Várias pessoas ficaram feridas', 'Um jovem de 16 anos morreu'],
  city: ['em Lisboa', 'no Porto', 'em São Paulo', 'no Rio', 'em Belo Horizonte', 'em Recife', 'em Coimbra', 'em Braga', 'em Curitiba', 'em Salvador', 'em Manaus', 'em Setúbal'],
};

export const PORTUGUESE_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@will_br} {@harm_br} {@when_br}{, {@insult_br}|}',
      '{@will_pt} {@harm_pt} {@when_pt}{, {@insult_pt}|}',
      'se {você|cê|tu|vc} {voltar aqui|aparecer de novo|encostar na minha mina|falar com ela de novo|tocar no meu carro de novo|continuar falando merda}{,|} {eu te mato|te mato|te arrebento|te furo|te encho de bala|te quebro inteiro|te encho de porrada|te apago}',
      'se {voltas a aparecer|te volto a ver|voltas a falar com ela|tocas no meu carro outra vez|continuas a falar|te meteres com a minha irmã}{,|} {mato-te|parto-te a cara|rebento-te|dou-te um tiro|furo-te todo|parto-te os dentes|desfaço-te|abro-te a cabeça}',
      '{{vou|eu vou|juro que vou|um dia eu vou|a gente vai} {matar|esfaquear|furar|atropelar|enforcar|degolar|espancar|encher de bala|estrangular|apagar} {@victim_br}|{vou|juro que vou|um dia destes vou|ainda vou} {matar|esfaquear|atropelar|enforcar|degolar|espancar|desfazer|estrangular|rebentar} {@victim_pt}} {@when3}',
      '{{você tá|cê tá|tu tá|vc ta|você já está} {morto|morta|mortinho}|{estás|já estás|tás} {morto|morta}|{és|tu és|você é} um homem morto} {@when3}{. {@insult_br}|}',
      '{{sei onde você mora|sei onde tu mora|sei onde você trabalha|sei a escola dos teus filhos|achei tua casa}{,|} {tô indo aí|te vejo em breve|espera pra ver o que vai te acontecer|vai ter volta|dorme com um olho aberto}|{se cuida|teus dias tão contados|se despede da tua família|começa a correr}{, sei onde você mora|, tô te esperando|, {@insult_br}|}}',
      '{{sei onde moras|sei onde trabalhas|sei a escola dos teus filhos|já descobri onde moras|tenho a tua morada}{,|} {vou aí ter contigo|vemo-nos em breve|espera para ver o que te acontece|dorme com um olho aberto|vou-te buscar}|{põe-te a pau|os teus dias estão contados|despede-te da tua família|começa a correr}{, sei onde moras|, estou à tua espera|, {@insult_pt}|}}',
      '{alguém devia|alguém precisa|tem que|alguém tem de} {matar ele|dar um tiro nele|furar ele|enforcar ela|atropelar ela|matá-lo|dar-lhe um tiro|atropelá-la|acabar com ele|matar-te}{ logo| de uma vez| já|}',
      '{{tô|eu tô|tô aqui} {na porta da tua casa|te esperando na saída|indo te buscar|com os parça na tua rua}{ e vou te matar| e você não sai vivo| e vou te arrebentar|}{, {@insult_br}|}|não {chegas vivo a casa|chegas a {segunda|amanhã|sexta}|acordas amanhã|sais vivo desta|fazes os 18}{, {@insult_pt}|}}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{vou|juro que vou|já decidi, vou|eu vou} {explodir|queimar|incendiar|metralhar|encher de bala|mandar pelos ares} {@place} {@day}',
      '{vou|juro que vou|já decidi, vou|eu vou} {botar uma bomba|pôr uma bomba|fazer um massacre|entrar atirando|abrir fogo|matar todo mundo|matar toda a gente|fazer um tiroteio} {@inplace} {@day}',
      '{vou levar|levo|vou aparecer com|vou chegar com} {@weapon} {@inplace} {@day}{, fiquem em casa|, estão avisados|, os que riram de mim vão primeiro|, quem zoou comigo vai primeiro|}',
      '{@place} {vai pelos ares|vai arder|vai virar um banho de sangue|vai acabar em massacre|vai explodir} {@day}{, fiquem longe|, depois não digam que eu não avisei|, não venham|}',
      '{não vão|não apareçam|não ponham os pés|ninguém vai} {@inplace} {@day}{, confiem em mim|, vai acontecer uma coisa grande|, vai ter morto|, vai haver mortos|, vai correr sangue|}',
      '{vou matar|vou dar um tiro em|vou esfaquear|vou meter bala em} {todo|cada} {@one} que eu {ver|vir} {@inplace} {@day}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{se mata|vai se matar|se mata logo|morre|morre diabo|vai morrer|tomara que você morra|tomara q vc morra|se enforca|se joga da ponte|se joga na frente do trem|corta os pulsos|se suicida}{ logo| de uma vez| kkkk| {@insult_br}|}',
      '{mata-te|vai-te matar|mata-te mas é|morre|oxalá morras|espero que morras|enforca-te|suicida-te|atira-te da ponte|atira-te para a linha do comboio|corta os pulsos}{ já| de uma vez| lol| {@insult_pt}|}',
      '{faz um favor pro mundo e {se mata|se joga da ponte|bebe água sanitária|some pra sempre|corta os pulsos}|faz um favor ao mundo e {mata-te|atira-te da ponte|bebe lixívia|desaparece de vez|corta os pulsos}|{faz um favor a todos|uma vez na vida faz algo útil} e {se mata|mata-te|morre}}{ logo| de uma vez| já|}',
      '{ninguém ia sentir tua falta se você {morresse|se matasse|sumisse}|ninguém dava pela tua falta se {morresses|te matasses|desaparecesses}|nem tua mãe ia chorar se você {morresse|se matasse}|nem a tua mãe ia chorar se te {matasses|atirasses da ponte}}{, então vai|, então faz isso|, pensa nisso|}',
      '{{o mundo|tua família|tua mãe} {seria|ficaria} melhor {sem você|se você morresse|se você se matasse}{, então se mata|, vai logo|}|{o mundo|a tua família|a tua mãe} {ficava|estava} melhor {sem ti|se morresses|se te matasses}{, por isso mata-te|, vai lá|}}',
      '{{você devia|vc devia|tu devia|você tem que} {se matar|morrer|cortar os pulsos|pular da ponte|parar de respirar|sumir deste mundo}|{devias|tu devias|tens é de} {matar-te|morrer|cortar os pulsos|atirar-te da ponte|desaparecer deste mundo}}{ logo| já| de uma vez|}',
      '{{@insult_br}{,|} {se mata|vai se matar|morre|kys|se enforca}|{@insult_pt}{,|} {mata-te|morre|vai-te matar|enforca-te}}',
      '{se eu fosse você|no teu lugar|com essa cara|com uma vida dessas} {já tinha me matado|já tinha me jogado da ponte|já tinha dado um tiro na cabeça|já me tinha matado|já me tinha atirado da ponte} {faz tempo|há anos|}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{quero morrer|quero me matar|quero-me matar|vou me matar|vou-me matar|vou acabar com tudo|vou tirar minha vida} {hoje|hoje à noite|esta noite|amanhã|logo|}',
      '{não aguento mais|já não aguento mais|nao aguento mais|não consigo mais}{, hoje acabo com tudo|, vou me matar|, vou-me matar|, adeus a todos|, desisto|}',
      '{me cortei de novo|cortei-me outra vez|me cortei outra vez|voltei a cortar-me|me machuquei de novo} {ontem à noite|hoje|mais fundo dessa vez|mais fundo desta vez|}',
      '{já|eu já} {juntei os comprimidos|guardei os comprimidos|escrevi minha carta de despedida|escrevi a minha carta de despedida|decidi como vou fazer|deixei tudo pronto pra hoje}',
      '{ninguém ia perceber|ninguém ia notar|ninguém dava por nada} se eu {sumisse|morresse|me matasse|desaparecesse}{, então pra que ficar|, já está na hora|}',
      '{só quero|eu só quero|quero} {dormir e não acordar mais|deixar de existir|morrer de uma vez|que tudo acabe} {hoje|}',
      '{hoje à noite|esse fim de semana|este fim de semana|em breve} {me despeço|eu me mato|acabo com a dor|faço isso}{, desculpa mãe|, desculpem|}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@group} são {ratos|parasitas|escória|lixo|uma praga|animais|baratas|um câncer|um cancro|vermes|bichos|merda|uma doença}',
      '{@groupM} não merecem viver{ e deviam ser {exterminados|expulsos todos|presos|esterilizados|eliminados}|}',
      '{@group} não {deviam|deveriam} poder {votar|trabalhar|ter filhos|existir|estudar|sair de casa}',
      '{@group} não são gente, são {animais|bichos|ratos|gado|macacos|vermes}',
      '{todo|cada} {@one} é {um parasita|um rato|escória|lixo|um animal|um bandido|vagabundo}{, volta pra tua terra|, rua daqui|, fora do meu país|}',
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{manda|me manda|manda aí|envia-me|manda-me} {@nudes} {gata|gostosa|delícia|linda|agora|já|}',
      '{que|q} {@body} {hein|que você tem|que tens}, {queria te pegar toda|comia-te toda|te pegava de jeito|só penso em te ver pelada|dá vontade de te agarrar}',
      '{quero te|vou te|quero-te|vou-te} {comer|foder|pegar de jeito|chupar toda|lamber toda|pôr de quatro} {quando te ver|hoje à noite|no banheiro|na casa de banho|mesmo que você não queira|}',
      '{vem|vem cá|chega aqui} {sentar na minha cara|me chupar|pra minha cama|pra minha casa e tira a roupa|pra eu te comer}{, gostosa|, gata|, linda|}',
      '{aposto que você é|aposto que és|dá pra ver que você é|tens cara de|tem cara de} {uma puta|uma vadia|fácil|uma safada na cama|das que chupam bem|uma galinha|uma vaca}{, prova|, me manda foto|}',
      '{para de me ignorar|me responde|responde-me|responde aí} {gata|gostosa|linda|}, {vou continuar te mandando mensagem|vou continuar a mandar-te mensagens|não vou parar de te escrever} até {você mandar nudes|mandares nudes|você me passar o pack|você dormir comigo|dormires comigo|você me mostrar tudo}',
      '{esse vestido ia ficar melhor no chão do meu quarto|essa saia ia ficar melhor no chão do meu quarto|esse vestido eu arrancava com os dentes|essa saia eu arrancava com os dentes|esse top tá sobrando|esse shortinho tá pedindo pra ser tirado|esse biquíni ficava melhor no chão}{, manda mais fotos|, chama no privado|, chama na dm|}',
      '{você ficaria|ficavas|tu ficava|cê ficaria} {mais gostosa|melhor|mais boa} {pelada|nua|sem roupa|de joelhos na minha frente|na minha cama|de quatro}{ 😏|, gata|}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      '{me manda|manda|envia-me} {@nudes} ou {@leak}',
      '{tenho|eu tenho|ainda tenho|guardei} {tuas fotos|as tuas fotos|o vídeo|teus nudes|essas fotos}{.|,} {me paga 500 reais|paga-me 500 euros|manda mais|faz o que eu mandar} ou {@leak}',
      '{ou você dorme comigo|ou vens cá a casa hoje|ou vem aqui hoje à noite|ou me manda mais fotos|ou mandas mais fotos} ou {@leak}',
      '{se você não {mandar um vídeo|mandar mais fotos|fizer uma chamada de vídeo pelada|pagar hoje}|se não {mandares um vídeo|mandares mais fotos|pagares hoje}}, {@leak}',
      '{você tem|tens} até {amanhã|hoje à noite|meia-noite} pra {me mandar mais fotos|pagar|vir aqui}, {senão|se não} {@leak}',
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      '{@fun} {é uma bomba|é foda|é brutal|é um arraso|arrasa|tá destruindo|é bué bom|mata a pau|é de chorar de tão bom}{ 🔥|!|}',
      '{morri de rir|tô morrendo de rir|to morrendo de rir|morri|tô morta|tô morto|morri a rir|estou a morrer de rir|fartei-me de rir|me mata de rir} {kkkkk|kkkkkkk|rsrs|ahahah|😂|💀|}',
      '{ela|ele|a banda|o baterista|a cantora|o guitarrista} {arrasou|matou a pau|destruiu|detonou|rebentou com tudo|arrebentou} {no palco|ontem à noite|no show|no concerto|hoje|}{ 🔥|}',
      '{você arrasou|cê arrasou|arrasaste|destruiu|destruíste|mandou muito|rebentaste com tudo|matou a pau} {no palco|ontem|no show|com esse solo|}{, que monstro|, és um monstro|!|}',
      '{eu matava por|matava por|morro por|eu morreria por|vendia um rim por} {@food} {agora|agora mesmo|}',
      '{@hard} {tá me matando|está a dar cabo de mim|me matou|me destruiu|quase me matou|vai ser a minha morte|está a matar-me}{ 😩| kkk| ahah|}',
      '{{amanhã|hoje} {vou arrasar|vou detonar|vou destruir|vou arrebentar} {na prova|no exame|na academia|no ginásio|na apresentação|na entrevista|no jogo}|{merda|muita merda|boa sorte, arrasa|parte tudo|arrebenta} {hoje à noite|na estreia|no palco|}!}',
      '{minha mãe|a minha mãe|meu chefe|o meu chefe|meu treinador|minha namorada} {vai me matar|me mata|mata-me|vai-me matar} se eu {chegar atrasado|chegar tarde|esquecer|não for} {de novo|outra vez|} {kkkk|ahah|rsrs|}',
      '{esse|este} {meme|vídeo|video|tweet|comentário|reels} {me matou|me destruiu|matou-me|acabou comigo} {💀|😂|kkkkk|}',
      '{{vou|fui|bora} matar {aula|a saudade|o tempo|a fome} {hoje|com a minha avó|no shopping|com uma coxinha|}|matar dois coelhos com uma cajadada só{, já que estou aqui|, vou ao banco e ao mercado|}}',
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{vamos|a gente vai|nós vamos} {amassar|atropelar|massacrar|matar|destruir|esmagar|enterrar|humilhar} {@team} {no sábado|na final|hoje à noite|semana que vem|no clássico|no dérbi}',
      '{headshot|matei ele|matei-o|tiro na cabeça|triple kill|ace|clutch} {do outro lado do mapa|de AWP|de pistola|no último round|e ganhamos a partida}{!| gg| kkkk|}',
      '{te amassei|te destruí|te matei|te humilhei|dei-te uma abada|destruí-te} {na ranked|no FIFA|no Mario Kart|na partida|no Fortnite|no Free Fire}{, gg ez|, noob|, bora de novo?| kkkk| xd|}',
      '{vou te|vou-te|a gente vai te|vamos-te} {destruir|amassar|matar|massacrar|humilhar} {@game} {hoje|mais tarde|depois|}',
      '{nos massacraram|massacraram-nos|fomos massacrados|nos mataram|nos destruíram|levámos uma cabazada|tomamos um chocolate} {na defesa|no meio-campo|no segundo tempo|na segunda parte|no contra-ataque} {hoje|no domingo|}',
      '{aquela entrada|aquele nocaute|aquela enterrada|aquele chute|aquele remate} {foi brutal|foi uma selvageria|matou ele|acabou com ele|foi assassina} {🔥|}',
      '{metemos|vamos meter|enfiamos} {cinco|uma goleada|um chocolate|meia dúzia} {no Flamengo|no Benfica|no Corinthians|neles|}{, que massacre|, matamos eles|, foi um massacre|}',
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{@people} após {um tiroteio|um esfaqueamento|uma briga|uma rixa|um ataque} {à porta de uma discoteca|na saída de uma balada|perto da estação|no centro|num parque} {na madrugada de domingo|ontem à noite|na sexta-feira}, informou a polícia.',
      '{Pelo menos 12|Vários|Dezenas de|Três} civis morreram {no ataque|no bombardeio|no bombardeamento|na explosão|no atentado}, segundo as autoridades.',
      'O {suspeito|detido|jovem} foi {acusado de|condenado por|julgado por} {homicídio|tentativa de homicídio|ameaças de morte|planejar um atentado|planear um atentado}.',
      '{Um novo relatório|O Ministério da Saúde|Um estudo|A DGS} {aponta|indica|revela} que a taxa de suicídio {aumentou|caiu|diminuiu|dobrou} entre {adolescentes|homens jovens|agricultores|idosos} {no ano passado|na última década}.',
      '{Polícia prende|PSP detém|PJ detém|Polícia Civil prende} {jovem|menor|homem} que ameaçou {fazer um massacre na escola|um tiroteio no colégio|pôr uma bomba no metrô|pôr uma bomba no metro} {pelo TikTok|nas redes sociais|num grupo de WhatsApp}.',
      '{Começa|Arranca|Continua} o julgamento {do acusado|dos dois acusados|do ex-aluno acusado|do arguido} {do homicídio|do massacre|do tiroteio|do esfaqueamento} {@city}.',
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{mandar alguém se matar|dizer a alguém para se matar|escrever "se mata"|escrever "mata-te"} {nunca é brincadeira|não tem graça|é nojento|nunca está certo}{, denunciado|. chega|}',
      '{alguém|um cara|um gajo|esse perfil} {nos comentários|aqui|} {ameaçou|disse que ia} {botar uma bomba na escola|pôr uma bomba na escola|fazer um massacre no shopping|me matar|matar-me}. {denunciei|denunciado à polícia|já reportei}.',
      'chamar {@groupN} de "{ratos|animais|praga}" é {nojento|discurso de ódio|ódio}{, não é opinião|. bloqueado|}',
      '{ninguém|nenhuma pessoa|nem o teu pior inimigo} merece {ameaças de morte|ouvir que devia morrer|ouvir "se mata"|ser assediado assim|ser ameaçado de morte}{ por um post| por um comentário|, nunca|}',
      'se {você ver|vires|você vir|encontrares|achar} um {post|vídeo|comentário} {ameaçando uma escola|a ameaçar uma escola|que ameaça matar alguém|mandando alguém se matar|que pede para matar {@groupN}}, {denuncia|denuncie|avisa a polícia|não compartilha|não partilhes|tira print e denuncia}',
      '{não é liberdade de expressão|não é humor|não é opinião} {dizer que tem que matar {@groupN}|pedir para expulsar {@groupN}|dizer que {@groupN} são lixo|dizer que {@groupN} não são gente}{, é ódio|. denunciado|}',
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'se {você está pensando em suicídio|estás a pensar em suicídio|tá pensando em se machucar|estás a pensar em fazer-te mal|você tá passando por um momento difícil}, por favor {fala com alguém|liga pro CVV, 188|liga para o SOS Voz Amiga|pede ajuda|procura ajuda}{, você importa|. não estás sozinho|. você não está sozinha|}',
      '{por favor não|não} {se mata|te mates|se machuca|te magoes|desiste|desistas}{, a gente precisa de você|, precisamos de ti|, vai passar|, tô aqui|, estou aqui|}',
      '{minha dm tá aberta|a minha dm está aberta|tô aqui pra você|estou aqui para ti|pode falar comigo|podes falar comigo|me chama} {se precisar|quando quiseres|a qualquer hora|}{ ❤️|}',
      '{faz tempo que tô mal|tenho andado muito em baixo|passei uns meses muito escuros} {e finalmente|então} {marquei psicólogo|marquei consulta com uma psicóloga|liguei pro CVV|falei com a minha mãe}{. orgulhosa de mim|. orgulhoso de mim|}',
      '{amiga|amigo|mano|mana|migo}, {sei que você quer morrer|sei que tudo parece uma merda agora|sei que pensas em matar-te|sei que você pensa em se matar}, mas {tô contigo|estou contigo|vamos conversar|vou aí e a gente conversa|eu tô aqui}{ ❤️|}',
      '{falar de suicídio|pedir ajuda|ir ao psicólogo|fazer terapia} {não é fraqueza|salva vidas|é normal|faz bem}{, não guarda tudo pra ti|, conta pra alguém|, fala com alguém|}',
    ],
  },
];
