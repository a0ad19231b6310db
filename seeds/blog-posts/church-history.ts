import type { SeedBlogPost } from '../types';

export const churchHistoryPosts: SeedBlogPost[] = [
  {
    slug: 'reading-the-church-fathers-where-to-start',
    title: 'Reading the Church Fathers: Where to Start',
    category: 'church-history',
    excerpt:
      'The Christians of the first centuries left letters, sermons and defenses of the faith that are still worth reading. Here is a short, approachable reading list.',
    views: 8_916,
    daysAgo: 700,
    body: `
Many Christians know the Bible and perhaps a few modern authors, but jump straight from the apostles to the Reformation, or to the present day. In between lie fourteen centuries of believers who read the same scriptures, worshipped the same Lord and wrestled with many of the same questions. The earliest of them, usually called the church fathers, are a particular gift.

## Why read them?

The fathers are not scripture, and they were not always right. But they help us in several ways:

- They show us how the earliest Christians read the Bible and worshipped.
- They guard us from chronological snobbery, the assumption that newer is always better.
- They show the faith under pressure: persecution, heresy and the collapse of an empire.
- They witness to which books the church was reading as scripture long before any council met.

Paul told Timothy to pass on what he had received to faithful people who would teach others also. The fathers are the next links in that chain.

> And the things that thou hast heard of me among many witnesses, the same commit thou to faithful men, who shall be able to teach others also.
> — 2 Timothy 2:2

## A starter reading list

You do not need Greek or Latin to begin. All of these are available in inexpensive modern translations, and several are short enough to read in an evening.

1. **The Didache.** A brief manual of Christian teaching and practice from the late first or early second century, covering baptism, the Lord's Supper, fasting and prayer.
2. **The Letters of Ignatius of Antioch.** Seven letters written around AD 110 while Ignatius was being taken to Rome to die. Passionate, urgent and deeply devoted to Christ.
3. **The Martyrdom of Polycarp.** The moving account of the death of the elderly bishop of Smyrna, who had known the apostle John. "Eighty and six years have I served him, and he has done me no wrong."
4. **The Letter to Diognetus.** A beautiful short description of how Christians live as citizens of heaven while dwelling in the cities of earth.
5. **Athanasius, On the Incarnation.** Why did God become man? A classic answer, with a famous introduction by C. S. Lewis in some editions.
6. **Augustine, Confessions.** The story of a restless heart finding rest in God, written as a long prayer.

## How to read them

Read them as you would read a wise older believer: respectfully, but with your Bible open. Notice where they are strikingly close to scripture, and where their emphases differ from ours. Do not be put off by unfamiliar passages or allegorical interpretations. Take what nourishes you, test everything, and enjoy meeting some of your oldest brothers and sisters in the faith.
`,
  },
  {
    slug: 'nicaea-325-what-really-happened',
    title: 'Nicaea in 325: What Really Happened',
    category: 'church-history',
    excerpt:
      'Popular myth says the Council of Nicaea invented the divinity of Jesus and chose the books of the Bible. Neither is true. Here is what the bishops actually decided.',
    views: 34_207,
    daysAgo: 545,
    body: `
The Council of Nicaea has a strange afterlife in popular culture. Novels and documentaries claim that there, in 325, the emperor Constantine forced the church to vote Jesus into godhood, or to choose which gospels would go into the Bible. Neither claim survives contact with the sources.

## The controversy

The council was called to settle a dispute started by Arius, a presbyter in Alexandria. Arius taught that the Son of God was the first and greatest creature, made by the Father before the world but not eternal. His slogan was "there was when he was not". His bishop, Alexander, and Alexander's young deacon Athanasius, insisted that the Son is eternal and fully divine.

The dispute was not about whether Jesus should be worshipped. Christians had worshipped Jesus since the beginning, as the New Testament shows. The question was how to describe the Son's relationship to the Father faithfully.

> In the beginning was the Word, and the Word was with God, and the Word was God.
> — John 1:1

## What the council decided

Around three hundred bishops gathered at Nicaea, in what is now north-west Turkey. Many bore the scars of persecution that had ended only a few years before. After debate, they produced a creed confessing that the Son is "true God from true God, begotten, not made, of one substance with the Father". Only two bishops refused to sign.

The council also dealt with other matters:

- it set a common method for calculating the date of Easter;
- it issued about twenty canons on church order and discipline;
- it addressed a schism in Egypt known as the Melitian controversy.

## What it did not do

Nicaea did not discuss the canon of scripture. None of our records of the council mention it. The four gospels had been recognized and read in churches for well over a century, as Irenaeus makes clear around AD 180.

Nor did Constantine invent the divinity of Christ. He wanted unity and was, if anything, inclined toward compromise; in later years he restored Arius to favor. The doctrine confessed at Nicaea was the faith the bishops believed they had received, now stated with new precision.

## Why it still matters

The Nicene Creed, expanded at Constantinople in 381, is still confessed by Orthodox, Catholic and Protestant Christians around the world. It is one of the clearest signs of the unity of the church across time. When you say it, you join a confession made by believers who had just come out of the catacombs, and who would not trade the full deity of their Saviour for peace with an emperor.
`,
  },
  {
    slug: 'how-we-got-the-new-testament-canon',
    title: 'How We Got the New Testament Canon',
    category: 'church-history',
    excerpt:
      'No council sat down and picked the books of the New Testament from a pile. The church recognized the books that were already functioning as scripture.',
    views: 19_733,
    daysAgo: 85,
    body: `
How did the twenty-seven books of the New Testament come to be collected together, and why these books and not others? The question matters, and it is often answered badly, both by skeptics and by believers.

## Recognized, not created

The early church did not think of itself as creating scripture. It thought of itself as recognizing writings that carried the authority of the apostles, and therefore of Christ. Already within the New Testament, Peter places Paul's letters alongside "the other scriptures":

> As also in all his epistles, speaking in them of these things; in which are some things hard to be understood, which they that are unlearned and unstable wrest, as they do also the other scriptures, unto their own destruction.
> — 2 Peter 3:16

## The core was settled early

By the middle of the second century the four gospels and the letters of Paul were being read in worship and quoted as authoritative. Around AD 180, Irenaeus of Lyons argued that there are four gospels, no more and no fewer. The Muratorian fragment, usually dated to the late second century, lists most of our New Testament.

A few books were debated for longer, mainly because of questions about authorship or limited circulation:

- Hebrews, whose author is not named;
- James, 2 Peter, 2 and 3 John and Jude, which are short and were less widely known;
- Revelation, which was accepted early in the West but questioned for a time in the East.

## The criteria

Looking back, we can see several questions the church asked of a book:

1. **Apostolicity**: was it written by an apostle or a close associate of one?
2. **Orthodoxy**: did it agree with the faith handed down from the apostles?
3. **Catholicity**: was it received and used widely across the churches, not just in one region?
4. **Antiquity**: did it come from the apostolic age, rather than being a later composition?

The so-called lost gospels, such as the Gospel of Thomas or the Gospel of Judas, fail most of these tests. They are later, they reflect Gnostic ideas foreign to the apostolic faith, and they were never widely used in worship.

## The first complete list

In AD 367 Athanasius, bishop of Alexandria, wrote an Easter letter listing exactly our twenty-seven books. Regional councils at Hippo (393) and Carthage (397) later affirmed the same list. They were not imposing a new collection, but confirming what the churches had come to recognize.

For Christians, the story of the canon is ultimately a story of God's providence. The Lord who spoke through the apostles also guided his people to recognize his voice, so that we can open the New Testament today with confidence.
`,
  },
  {
    slug: 'augustines-confessions-for-modern-readers',
    title: 'Augustine\'s Confessions for Modern Readers',
    category: 'church-history',
    excerpt:
      'Sixteen centuries after it was written, Augustine\'s Confessions still reads like a letter from a restless friend. An introduction for first-time readers.',
    views: 2_884,
    daysAgo: 27,
    external: true,
    body: `
Augustine's Confessions is often called the first autobiography, but it is really a long prayer. Augustine tells his story to God, and lets us listen in.

## A restless heart

Its most famous line comes on the very first page: "you have made us for yourself, and our heart is restless until it rests in you." His conversion in a garden in Milan turned on a passage from Paul:

> But put ye on the Lord Jesus Christ, and make not provision for the flesh, to fulfil the lusts thereof.
> — Romans 13:14

In the full article on our Substack we cover:

- who Augustine was and the world he lived in;
- how to approach the thirteen books of the Confessions;
- which chapters to read first;
- what his story says to restless people today.

Read the full article on Substack.
`,
  },
];
