// The vocabulary of the generated search corpus: real English words, theology first, expanded with
// simple inflections (plurals, verb forms, adverbs) into a few thousand distinct tokens. FTS5's
// unicode61 tokenizer does not stem, so "covenant" and "covenants" are different terms, as in the app.

/** Short, very frequent words that glue sentences together (every document contains most of them). */
export const FUNCTION_WORDS = `the of and to in a is that for it as was with be by on not he his this are or from
at which but have an they you were her she there been their one all we can has when who will more no if out so
said what up its about into than them only other new some could time these two may then do first any my now such
like our over man me even most made after also did many before must through back years where much your way well
down should because each just those how too little us very might upon our shall yet while though whom whose
therefore indeed every both either neither among between without within against toward until since`
  .split(/\s+/)
  .filter(Boolean);

/** Content words that lead the frequency ranking: the subject matter of the site. */
export const THEOLOGY_NOUNS = `god jesus christ gospel grace faith church scripture lord spirit love truth sin
resurrection covenant salvation cross kingdom prayer hope word mercy righteousness holiness apologetics theology
doctrine redemption atonement incarnation trinity revelation prophecy prophet apostle disciple sermon worship
baptism communion sacrament creed confession repentance forgiveness justification sanctification glorification
election providence sovereignty eschatology christology pneumatology ecclesiology soteriology hermeneutics exegesis
canon testament epistle psalm proverb parable miracle temple sabbath passover priest altar sacrifice offering
law commandment blessing curse judgment heaven hell eternity creation fall flood exodus wilderness exile
return messiah lamb shepherd vine bread water light darkness servant king throne crown glory wisdom knowledge
heresy orthodoxy tradition reformation council martyr saint pilgrim mission missionary evangelism witness
testimony believer unbeliever skeptic atheist philosopher argument evidence reason logic premise conclusion
objection rebuttal history historian manuscript archaeology translation context culture worldview ethics
morality virtue conscience suffering evil theodicy freedom will nature person soul body mind heart life death
promise fulfillment prayerbook hymn liturgy pastor elder deacon congregation fellowship community family
marriage child parent neighbor stranger enemy friend brother sister mother father son daughter widow orphan
poor rich money work rest peace joy patience kindness goodness faithfulness gentleness humility obedience
discipleship stewardship generosity hospitality justice compassion lament praise thanksgiving fasting
meditation study devotion calling vocation gift talent ministry leadership teaching preaching counsel
covenantalism dispensation millennium rapture tribulation antichrist beast dragon seal trumpet bowl vision
dream angel demon serpent garden`
  .split(/\s+/)
  .filter(Boolean);

/** Names of people and places: frequent, never inflected. */
export const NAMES = `satan eden adam eve abraham isaac jacob joseph moses aaron joshua samuel
david solomon elijah elisha isaiah jeremiah ezekiel daniel jonah micah hosea amos malachi mary peter paul
john james matthew mark luke timothy titus barnabas silas stephen thomas andrew philip nicodemus lazarus
martha pilate herod caesar rome jerusalem galilee nazareth bethlehem judea samaria egypt babylon israel
corinth ephesus galatia philippi colossae thessalonica antioch athens
augustine aquinas luther calvin wesley edwards spurgeon lewis chesterton bonhoeffer pascal anselm athanasius
irenaeus origen tertullian polycarp ignatius justin clement jerome ambrose chrysostom basil gregory
nicaea chalcedon constantinople trent westminster dort`
  .split(/\s+/)
  .filter(Boolean);

/** Further nouns of ordinary prose. */
export const NOUNS = `question answer problem reader writer author book chapter verse page line letter story
account record claim fact idea thought belief view position point case example passage text language meaning
sense message sign symbol image picture pattern shape figure type kind sort form order design purpose plan
goal end beginning middle moment hour day night week month year season age generation century era period
world earth land country nation people tribe city town village house home room door window wall road path
journey step mountain hill valley river sea lake field tree seed fruit harvest flower stone rock sand dust
fire wind storm cloud rain snow sun moon star sky voice sound silence song music name title office power
authority rule ruler servant master slave citizen soldier army battle war victory defeat enemy ally leader
follower student teacher school lesson class course program library archive museum university scholar
science scientist theory experiment observation measure number count amount sum part whole piece group member
society government state court trial witness crime punishment reward debt price cost value trade market
business company job task duty habit practice discipline effort struggle battle danger risk fear courage
strength weakness health sickness disease healing medicine doctor nurse hospital grief sorrow tear smile laughter
anger shame guilt pride envy greed lust sloth gluttony desire longing pleasure comfort need want choice
decision action deed result effect cause reason purpose motive intention attitude character habit behavior
relationship conversation discussion debate dialogue lecture speech address article essay review summary
outline note footnote citation quotation reference source origin root branch leaf flame lamp candle table
chair bed cup bowl plate knife sword shield arrow bow spear chariot horse donkey camel sheep goat ox lion
bear wolf dove eagle raven fish net boat ship harbor island shore coast desert oasis well spring stream
garden orchard vineyard wine oil salt honey milk grain wheat barley fig olive cedar palm thorn brier weed
gold silver bronze iron copper jewel pearl robe garment cloak sandal gate tower wall fortress palace tent
camp feast festival meal supper breakfast dinner guest host servant steward gatekeeper watchman messenger
herald ambassador judge lawyer merchant farmer fisherman carpenter builder potter weaver tailor baker
shepherdess queen prince princess emperor governor official scribe pharisee sadducee priesthood synagogue
sanctuary tabernacle ark veil curtain incense lampstand mercy-seat tablet scroll codex papyrus parchment
ink pen seal signature promise oath vow contract agreement alliance treaty border frontier region province
empire kingdom republic democracy tyranny liberty slavery bondage chain prison captive refugee immigrant
foreigner native heir inheritance birthright firstborn offspring descendant ancestor genealogy lineage
memory forgetfulness remembrance celebration anniversary birthday funeral burial grave tomb stone linen`
  .split(/\s+/)
  .filter((w) => w && !w.includes('-'));

/** Verbs in their base form; -s, -ed and -ing forms are added below. */
export const VERBS = `believe trust follow obey pray worship praise thank confess repent forgive redeem save
rescue deliver heal restore renew reconcile justify sanctify glorify create make form shape build plant water
grow harvest gather scatter sow reap feed clothe shelter protect guard keep hold carry bear lift raise fall rise
stand sit walk run climb descend ascend enter leave return remain abide dwell live die bury mourn weep laugh
rejoice sing dance shout whisper speak say tell ask answer call name read write study learn teach preach proclaim
announce declare explain interpret translate argue debate reason question doubt wonder consider think remember
forget imagine hope expect wait watch look see hear listen notice observe discover find seek search lose miss
choose decide prefer accept reject refuse allow permit forbid command order rule govern lead guide direct send
receive give offer share divide join unite gather invite welcome greet visit travel journey wander settle move
change turn open close begin start finish complete fulfill promise swear bless curse judge condemn acquit punish
reward suffer endure persevere resist submit yield fight struggle conquer overcome defeat win fail succeed
work labor rest serve help support encourage comfort console warn rebuke correct train discipline prepare
wash cleanse purify anoint consecrate dedicate ordain baptize break pour fill empty measure count weigh
compare contrast connect relate belong depend matter happen appear seem become remain stay wake sleep dream
fast eat drink taste smell touch feel love hate fear desire want need like enjoy suffer cry laugh grieve
publish edit review subscribe watch stream upload record explore examine investigate test prove disprove
defend attack claim assume affirm deny maintain insist suggest imply conclude summarize outline illustrate`
  .split(/\s+/)
  .filter(Boolean);

/** Adjectives; an -ly adverb is added below. */
export const ADJECTIVES = `holy righteous faithful gracious merciful loving patient kind gentle humble meek
wise foolish true false good evil great small ancient modern early late historical biblical theological
philosophical moral ethical spiritual physical eternal temporal divine human sinful pure clean unclean
sacred secular public private personal communal hidden visible invisible glorious humble honest just
unjust faithful careful careless quiet loud bright dark deep shallow wide narrow long short high low strong
weak rich poor young old new first last whole broken living dead near far free bound certain uncertain
clear obscure simple complex plain difficult easy hard soft bitter sweet heavy light warm cold fresh
sudden slow quick swift calm wild gentle fierce brave fearful bold timid joyful sorrowful peaceful
troubled grateful generous selfish humble proud lonely hopeful hopeless careful thoughtful reasonable
logical rational emotional practical theoretical literal figurative symbolic prophetic apostolic
evangelical catholic orthodox protestant reformed charismatic liturgical pastoral missional academic
popular common rare unusual ordinary extraordinary original final central basic essential important
significant serious careful complete partial direct indirect open closed fair beautiful terrible
wonderful powerful mighty faithful steadfast constant sincere genuine authentic reliable credible
plausible convincing compelling persuasive skeptical critical doubtful curious eager ready willing`
  .split(/\s+/)
  .filter(Boolean);

const unique = (words: string[]) => [...new Set(words)];

function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function verbForms(verb: string): string[] {
  const third = /(s|x|z|ch|sh|o)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
  const past = verb.endsWith('e') ? `${verb}d` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : `${verb}ed`;
  const ing = verb.endsWith('ie') ? `${verb.slice(0, -2)}ying` : verb.endsWith('e') && !verb.endsWith('ee') ? `${verb.slice(0, -1)}ing` : `${verb}ing`;
  return [verb, third, past, ing];
}

function adverb(adj: string): string {
  if (/[^aeiou]y$/.test(adj)) return `${adj.slice(0, -1)}ily`;
  if (adj.endsWith('le')) return `${adj.slice(0, -1)}y`;
  if (adj.endsWith('ic')) return `${adj}ally`;
  return `${adj}ly`;
}

/**
 * The content vocabulary in frequency-rank order: theology nouns first (so "gospel", "grace" and
 * "resurrection" are common), then the rest interleaved, inflected forms further down the tail.
 */
export function contentVocabulary(): string[] {
  const theology = unique(THEOLOGY_NOUNS);
  const names = unique(NAMES);
  const nouns = unique(NOUNS).filter((w) => !theology.includes(w));
  const verbs = unique(VERBS);
  const adjectives = unique(ADJECTIVES);
  const head: string[] = [];
  const tail: string[] = [];
  const longest = Math.max(nouns.length, verbs.length, adjectives.length);
  for (let i = 0; i < longest; i++) {
    if (nouns[i]) {
      head.push(nouns[i]!);
      tail.push(plural(nouns[i]!));
    }
    if (verbs[i]) {
      const [base, ...forms] = verbForms(verbs[i]!);
      head.push(base!);
      tail.push(...forms);
    }
    if (adjectives[i]) {
      head.push(adjectives[i]!);
      tail.push(adverb(adjectives[i]!));
    }
  }
  const theologyTail = theology.map(plural);
  // Names rank among the theology words (every 4th place), then the ordinary vocabulary follows.
  const lead = theology.flatMap((w, i) => (i % 3 === 2 && names[(i - 2) / 3] ? [w, names[(i - 2) / 3]!] : [w]));
  const all = unique([...lead, ...names, ...head, ...theologyTail, ...tail]);
  const fn = new Set(FUNCTION_WORDS);
  return all.filter((w) => !fn.has(w));
}

/**
 * The long tail: technical terms and lesser names that appear in a few dozen to a few thousand
 * documents of 100 000 (drawn rarely, with Zipf frequencies of their own).
 */
export const RARE_WORDS = `perichoresis homoousios homoiousios kenosis filioque supralapsarianism infralapsarianism
amillennialism postmillennialism premillennialism preterism cessationism continuationism monergism synergism
pelagianism semipelagianism arianism docetism gnosticism marcionism montanism donatism nestorianism
monophysitism apollinarianism modalism sabellianism adoptionism tritheism subordinationism theophany
christophany shekinah kerygma koinonia agape logos parousia pleroma telos imago theosis apophatic cataphatic
anamnesis epiclesis transubstantiation consubstantiation memorialism paedobaptism credobaptism episcopacy
presbyterianism congregationalism anabaptist pietism puritanism methodism moravian huguenot lollard hussite
waldensian cathar albigensian cappadocian antiochene alexandrian septuagint vulgate masoretic peshitta targum
midrash mishnah talmud pentateuch tetragrammaton elohim adonai hosanna maranatha selah shibboleth ebenezer
urim thummim ephod cherubim seraphim nephilim leviathan behemoth gehenna sheol hades tartarus abaddon golgotha
gethsemane emmaus capernaum bethany jericho hebron shiloh bethel dothan gilgal megiddo armageddon patmos
laodicea philadelphia pergamum thyatira sardis smyrna melchizedek methuselah enoch nimrod hagar ishmael esau
laban rachel leah tamar rahab ruth boaz naomi jezebel ahab hezekiah josiah nehemiah ezra mordecai esther
habakkuk zephaniah haggai zechariah obadiah nahum joel lydia priscilla aquila apollos onesimus philemon
epaphras tychicus demas eutychus gamaliel zacchaeus bartimaeus malchus barabbas`
  .split(/\s+/)
  .filter(Boolean);

export function rareVocabulary(): string[] {
  const common = new Set([...contentVocabulary(), ...FUNCTION_WORDS]);
  return unique(RARE_WORDS).filter((w) => !common.has(w));
}
