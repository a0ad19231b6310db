import type { SeedBlogPost } from '../types';

export const apologeticsPosts: SeedBlogPost[] = [
  {
    slug: 'historical-reliability-of-the-gospels',
    title: 'The Historical Reliability of the Gospels',
    category: 'apologetics',
    excerpt:
      'Were the gospels written by people in a position to know, and have they reached us intact? A short tour of the evidence historians actually weigh.',
    views: 18_942,
    daysAgo: 610,
    body: `
Many people assume the gospels are late legends, written generations after Jesus by people who never met anyone who knew him. That assumption is rarely argued for. When we ask the questions a historian would ask of any ancient document, the gospels hold up remarkably well.

## When were they written?

Most scholars, including many who are not Christians, date Mark to around AD 65-70, Matthew and Luke to the 70s or 80s, and John to the 90s. Some argue for earlier dates. Either way, that places all four within the lifetime of people who had seen and heard Jesus. By comparison, our earliest surviving biographies of Alexander the Great were written more than four hundred years after his death, and historians still use them with profit.

Luke tells us plainly how he worked:

> Forasmuch as many have taken in hand to set forth in order a declaration of those things which are most surely believed among us, even as they delivered them unto us, which from the beginning were eyewitnesses, and ministers of the word.
> — Luke 1:1-2

That is the voice of a writer who knows the difference between hearsay and testimony, and who wants his reader, Theophilus, to know it as well.

## What makes a source trustworthy?

Historians look for a handful of features when they test an ancient account. The gospels show each of them:

- **Proximity**: written within living memory of the events.
- **Local knowledge**: place names, customs, coins, political officials and even the popularity of personal names fit first-century Palestine, not the wider Roman world of a later century.
- **Embarrassing details**: the disciples misunderstand, fall asleep and run away; women are the first witnesses of the empty tomb. No one inventing a story to persuade would write it that way.
- **Multiple attestation**: independent lines of tradition agree on the core events while differing in the kind of small details that real witnesses differ on.
- **Early external confirmation**: writers such as Papias, Ignatius and Polycarp quote or describe the gospels within decades.

## Were they copied faithfully?

The New Testament survives in more than five thousand Greek manuscripts, some of them fragments copied within a century or so of the originals, along with thousands of early translations and quotations in the church fathers. Most of the variations between copies are spelling differences or changes of word order. The handful of meaningful variants are well known and are printed in the footnotes of any modern Bible. No central teaching of the Christian faith rests on a disputed reading.

## Why this matters

None of this proves every line of the gospels by itself, and it is not meant to. What it does is remove the excuse for setting them aside. The gospels deserve to be read as what they claim to be: careful testimony about a real man who lived, died and, the writers insist, rose again. The question then becomes not whether we can know what Jesus said and did, but what we will do with it.
`,
  },
  {
    slug: 'what-the-minimal-facts-argument-claims',
    title: 'What the Minimal Facts Argument Does and Doesn\'t Claim',
    category: 'apologetics',
    excerpt:
      'The minimal facts approach builds a case for the resurrection on data that even skeptical scholars grant. Here is how it works, and where people misunderstand it.',
    views: 42_615,
    daysAgo: 640,
    body: `
The minimal facts argument, made popular by Gary Habermas and Michael Licona, is one of the most discussed cases for the resurrection of Jesus. It is also one of the most misunderstood. Critics sometimes attack it for claiming things it never claims, and Christians sometimes use it as if it proved more than it does.

## The method

The argument deliberately sets aside the question of whether the Bible is inspired or even generally reliable. Instead it starts only with facts that meet two tests: they are supported by strong historical evidence, and they are accepted by the large majority of scholars who study the subject, including skeptics. Working only from that common ground, it asks what explanation best accounts for them.

## The facts

The list varies a little from author to author, but usually includes:

1. Jesus died by Roman crucifixion.
2. His disciples sincerely believed that he rose and appeared to them.
3. Paul, a persecutor of the church, was suddenly converted by what he took to be an appearance of the risen Jesus.
4. James, the skeptical brother of Jesus, was likewise converted.
5. The tomb of Jesus was found empty (granted by a majority, though not as widely as the first four).

Paul's own summary of the message he received, which most scholars date to within a few years of the crucifixion, lies behind several of these:

> For I delivered unto you first of all that which I also received, how that Christ died for our sins according to the scriptures; And that he was buried, and that he rose again the third day according to the scriptures.
> — 1 Corinthians 15:3-4

## What it does not claim

It does not claim that scholars who accept these facts believe Jesus rose. Many do not. The point is that they must offer some other explanation of the same facts: hallucination, legend, a stolen body, a wrong tomb. The argument then tests each alternative against all the facts at once. Hallucinations do not empty tombs; a stolen body does not explain why an enemy like Paul became an apostle; legend needs more time than the early creed allows.

Nor does it claim to compel belief. Historical arguments deal in probabilities. Someone who has ruled out miracles before looking at the evidence will always prefer any natural explanation, however strained. The argument is best understood as showing that the resurrection is the explanation that fits the data, and inviting the listener to ask why they might resist it.

## Using it well

The minimal facts case is a tool for a particular conversation, usually with someone who distrusts the Bible. It is not the whole of Christian apologetics, and it is not a substitute for reading the gospels themselves. Use it to clear the ground, then open the text and let the risen Christ speak for himself.
`,
  },
  {
    slug: 'is-christianity-a-copy-of-pagan-myths',
    title: 'Is Christianity Just a Copy of Pagan Myths?',
    category: 'apologetics',
    excerpt:
      'Horus, Mithras and Dionysus are often said to be earlier versions of Jesus. What do the ancient sources actually say about them?',
    views: 27_330,
    daysAgo: 455,
    body: `
Every few years a documentary or viral video announces that the story of Jesus was borrowed from older pagan gods. Horus was born of a virgin on 25 December, we are told; Mithras had twelve disciples; Dionysus turned water into wine and rose from the dead. The claims are confident. The footnotes, when there are any, tend to point to other popular books rather than to ancient texts.

## Checking the sources

When you go back to the actual myths, the parallels mostly dissolve:

- **Horus** was conceived by Isis after she reassembled the body of the murdered Osiris. That is not a virgin birth, and no ancient Egyptian text gives him twelve disciples or a crucifixion.
- **Mithras** in the Roman mysteries was born fully grown from a rock. Our evidence for the Roman cult comes mostly from the late first century onward, so if anyone borrowed, it was not the gospel writers.
- **Dionysus** has several contradictory birth stories, none of them virginal, and stories of his being torn apart and restored are nothing like a bodily resurrection witnessed by named people in a known city.

Similarity is also easy to manufacture. Describe any two religious figures in vague enough language, "a god who died and came back", and they will sound alike. History is in the details, and the details do not match.

## What makes the gospels different

The gospel writers place Jesus in a specific time and place, under named rulers, in a way myth never does:

> Now in the fifteenth year of the reign of Tiberius Caesar, Pontius Pilate being governor of Judaea, and Herod being tetrarch of Galilee... the word of God came unto John the son of Zacharias in the wilderness.
> — Luke 3:1-2

The first Christians were also Jews, deeply hostile to pagan religion. The idea that they reached for Egyptian or Persian myths to describe their Messiah does not fit anything we know about them. Their categories came from the Hebrew scriptures: the suffering servant, the son of man, the resurrection of the righteous at the end of the age.

## A better question

The copycat theory tends to collapse on inspection, but it raises a fair question: why do human stories so often reach for death and new life? C. S. Lewis suggested that the old myths were dim dreams of something that one day really happened. Christianity does not claim to be unlike every story. It claims to be the true one, the story where the dying and rising God stepped into history and left an empty tomb behind.
`,
  },
  {
    slug: 'the-problem-of-evil-logical-and-emotional',
    title: 'The Problem of Evil: Logical and Emotional',
    category: 'apologetics',
    excerpt:
      'Suffering raises two different problems, one for the mind and one for the heart. We need different answers for each.',
    views: 9_871,
    daysAgo: 372,
    external: true,
    body: `
When someone asks how a good God could allow suffering, they may be asking a philosophical question, or they may be crying out in grief. Confusing the two is one of the most common mistakes Christians make.

## Two different questions

The logical problem asks whether God and evil can exist together at all. The emotional problem asks how we can trust God while it hurts this much. Scripture itself gives room for both:

> My God, my God, why hast thou forsaken me? why art thou so far from helping me, and from the words of my roaring?
> — Psalm 22:1

In the full essay on Substack we look at:

- why most philosophers now grant that the logical problem has been answered;
- what the free will and soul-making responses can and cannot do;
- how the lament psalms teach us to sit with people in pain;
- why the cross is God's deepest answer to suffering.

Read the whole piece on our Substack.
`,
  },
  {
    slug: 'why-archaeology-matters',
    title: 'Why Archaeology Matters (and What It Can\'t Do)',
    category: 'apologetics',
    excerpt:
      'Archaeology has confirmed many details of the biblical world, but it was never going to dig up proof of a miracle. A balanced look at what the spade can tell us.',
    views: 3_408,
    daysAgo: 41,
    body: `
Stories of archaeology proving the Bible are popular, and some of them are genuinely exciting. Others are exaggerated, and a few are simply false. Christians do not need to oversell the evidence. Used carefully, archaeology is a real help in reading scripture well, and an honest witness to the Bible's historical grounding.

## What archaeology has shown

Over the last century and a half, excavations have illuminated the world of the Bible in ways earlier generations could only guess at:

- The **Pool of Bethesda**, described in John 5 as having five porches, was long doubted until excavations in Jerusalem uncovered a large pool complex with colonnades.
- The **Pilate Stone**, found at Caesarea in 1961, names Pontius Pilate as prefect of Judea, confirming his title and office.
- The **Tel Dan inscription** refers to the "house of David", the earliest known mention of David outside the Bible.
- The **Erastus inscription** in Corinth names a city official who may be the Erastus of Romans 16:23.

Each of these fits the picture given in scripture and shows writers who knew the places and people they described.

## What archaeology cannot do

Archaeology deals with stones, pottery and inscriptions. It can show that Pilate governed Judea. It cannot show that the man he crucified rose from the dead. That is a question of testimony, and it has to be decided by weighing witnesses, as historians always do for events that leave no physical trace.

Archaeology also changes. Dates are revised, sites are reinterpreted, and finds that seemed decisive can look different twenty years later. We should hold particular claims loosely and be wary of headlines in either direction.

## Reading better, not just arguing better

The greatest value of archaeology for most believers is not in debate but in reading. Knowing what a first-century synagogue looked like, how a Roman crucifixion was carried out, or where Capernaum sat beside the lake makes the text come alive and guards us from reading our own world back into it.

> Jesus answered and said unto them, I tell you that, if these should hold their peace, the stones would immediately cry out.
> — Luke 19:40

Jesus was speaking of praise, not excavation. Still, the stones of Palestine have turned out to be surprisingly talkative, and what they say agrees with the story the gospels tell.
`,
  },
];
