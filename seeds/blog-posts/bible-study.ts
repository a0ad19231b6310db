import type { SeedBlogPost } from '../types';

export const bibleStudyPosts: SeedBlogPost[] = [
  {
    slug: 'context-is-key-five-questions',
    title: 'Context Is Key: Five Questions to Ask of Any Verse',
    category: 'bible-study',
    excerpt:
      'A verse without its context can be made to say almost anything. These five questions will help you hear what the author actually meant.',
    views: 31_574,
    daysAgo: 9,
    featured: true,
    body: `
There is an old saying among Bible teachers: a text without a context is a pretext. Lift a sentence out of its paragraph and it can be made to support almost anything, from prosperity promises to political slogans. The cure is not to read the Bible less, but to read more of it at once, and to ask better questions of what we read.

Here are five questions that will take you a long way. None of them needs a seminary degree. All of them need a little patience.

## 1. What comes before and after?

Read the whole paragraph, then the whole chapter. Most misreadings collapse when you see the verses on either side. Philippians 4:13, "I can do all things through Christ", sits right after Paul describes being hungry and being in need. It is a promise of contentment in every circumstance, not of success in every venture.

## 2. Who wrote it, and to whom?

Every book of the Bible was written for us, but not to us. Jeremiah wrote to exiles in Babylon. Paul wrote to a church in Corinth that was suing itself in pagan courts. Knowing the first readers guards us from treating promises to a nation, or instructions for a particular crisis, as if they were personal messages addressed to us today.

## 3. What kind of writing is this?

Poetry, law, history, prophecy, proverb, letter and apocalypse all work differently. A proverb tells you how life generally goes, not what is guaranteed in every case. A psalm of lament gives you words to pray, not doctrine to systematize. Reading a genre on its own terms is not a way of avoiding the text; it is a way of taking it seriously.

## 4. How does it fit the whole story?

The Bible tells one story, from creation through the fall, Israel, Christ and the new creation. Every passage sits somewhere on that line. Ask where you are in the story, and how this passage points forward to, or flows from, the work of Jesus.

> And beginning at Moses and all the prophets, he expounded unto them in all the scriptures the things concerning himself.
> — Luke 24:27

## 5. What did it mean then, and what does it mean now?

Only once you have done the first four can you safely ask how the passage applies to you. The meaning does not change between then and now; the application may. The command to greet one another with a holy kiss expresses a timeless call to warm fellowship in a form that fitted first-century culture.

## Putting it into practice

Try this with a verse you know well this week:

- Read the verse, then the whole chapter around it, out loud if you can.
- Write down who the author was and who first received it.
- Name the genre in one word.
- Jot down one way it connects to Jesus.
- Only then ask what it asks of you.

You may find that a familiar verse becomes less of a slogan and more of a voice. That is the point. Context is not a technicality for scholars. It is how we let God say what he actually said.
`,
  },
  {
    slug: 'jeremiah-29-11-was-written-to-exiles',
    title: 'Jeremiah 29:11 Was Written to Exiles',
    category: 'bible-study',
    excerpt:
      'The much-loved promise of "a future and a hope" comes from a letter telling exiles to settle in for seventy years. Its real context makes it richer, not weaker.',
    views: 57_208,
    daysAgo: 580,
    body: `
Few verses are quoted more often at graduations and on greeting cards than Jeremiah 29:11. It is usually read as a personal promise that God has a successful plan for my life. Read in its chapter, it turns out to be something quite different, and far more robust.

> For I know the thoughts that I think toward you, saith the LORD, thoughts of peace, and not of evil, to give you an expected end.
> — Jeremiah 29:11

## The setting

Jeremiah 29 is a letter. The prophet sent it from Jerusalem to the Jews who had already been carried off to Babylon in the first wave of deportations, around 597 BC. Other prophets were telling those exiles that the captivity would be over in two years. Jeremiah told them the opposite.

Build houses, he wrote. Plant gardens. Marry, have children, and see your children married. Seek the peace of the city where you are held captive and pray for it, because in its peace you will have peace. Then comes the timeline: only after seventy years would God bring them home (Jeremiah 29:10).

## What the promise actually is

In that light, verse 11 is not a promise that things will go well quickly. Most of the adults who first heard it would die in Babylon. The promise is that God had not abandoned his people, that his purposes for the nation were good, and that exile would not be the end of their story.

Notice three things about the original promise:

- It is addressed to a community ("you" is plural in Hebrew), not to an individual.
- It comes with a long wait attached, not a quick fix.
- It is tied to God's covenant faithfulness, not to the hearers' personal ambitions.

## So can Christians claim it?

Yes, but in the right way. We are not ancient Judeans, and God has not promised each of us a career plan. But we do belong to the same faithful God, and the New Testament describes believers as exiles and strangers in this world (1 Peter 1:1; 2:11). Through Christ we share in the hope of restoration that this letter anticipated.

So the promise is not "nothing bad will happen to you". It is better than that. It is "even in Babylon, even for a lifetime, I have not forgotten you, and the end of the story is good". That is a word you can stand on at a graduation, and also at a graveside.

## A practical takeaway

The next time you share this verse, share verse 7 with it: "seek the peace of the city". God's people wait for his future not by withdrawing, but by planting gardens and praying for their neighbors while they wait.
`,
  },
  {
    slug: 'philippians-4-13-and-contentment',
    title: 'Philippians 4:13 and the Secret of Contentment',
    category: 'bible-study',
    excerpt:
      '"I can do all things" is painted on gym walls and eye black. Paul wrote it from prison about learning to be content with little or much.',
    views: 48_190,
    daysAgo: 520,
    body: `
Philippians 4:13 may be the most quoted verse in sport. Athletes write it on their shoes, and it appears on motivational posters above pictures of mountain climbers. The trouble is that Paul was not talking about achievement at all.

## Reading the paragraph

Paul is thanking the Philippian church for a financial gift. He is careful to say that he is grateful, but that he was not desperate:

> Not that I speak in respect of want: for I have learned, in whatsoever state I am, therewith to be content. I know both how to be abased, and I know how to abound... I can do all things through Christ which strengtheneth me.
> — Philippians 4:11-13

The "all things" of verse 13 are the circumstances he has just listed: being hungry and being full, having plenty and being in need. The strength Christ gives is the strength to be content in all of them.

## Where Paul was writing from

Paul wrote this letter in chains, probably in Rome, not knowing whether he would be released or executed (Philippians 1:20-23). He was not looking ahead to a victory. He was describing how he had learned to live when the future was out of his hands.

That changes the verse from a promise of success to a promise of sufficiency. Christ will not necessarily help you win the match. He will give you what you need to be faithful and at peace whether you win or lose.

## Contentment is learned

Twice in this passage Paul says he has *learned* contentment. It did not come naturally, even to an apostle. That is an encouragement for those of us who find it hard. Contentment grows through practices like these:

- Giving thanks specifically, for concrete gifts, every day.
- Noticing when desire for more has become a demand.
- Remembering that our deepest needs are already met in Christ (Philippians 4:19).
- Holding plenty loosely, so that we can share it.

## Should we stop quoting it?

Not at all. It is a wonderful verse. Just quote it with its neighbors. The athlete who loses in the final can still say "I can do all things through Christ", and mean something deeper than the one who wins. That is the secret Paul learned in prison, and it is available to anyone who belongs to Christ.
`,
  },
  {
    slug: 'matthew-18-20-church-discipline',
    title: 'Matthew 18:20 Is About Church Discipline',
    category: 'bible-study',
    excerpt:
      '"Where two or three are gathered" is often used to encourage small prayer meetings. In context, Jesus is talking about reconciling a brother who has sinned.',
    views: 14_522,
    daysAgo: 233,
    body: `
We often hear Matthew 18:20 at the start of a small prayer meeting: "we may only be a few, but where two or three are gathered, Jesus is here." It is a kind thought, and Jesus is certainly present with his people when they pray. But that is not what this verse is about, and the real meaning is worth recovering.

> For where two or three are gathered together in my name, there am I in the midst of them.
> — Matthew 18:20

## The paragraph it belongs to

Matthew 18:15-20 is a single unit. Jesus explains what to do when a fellow believer sins against you. Go to him privately first. If he will not listen, take one or two others, so that "in the mouth of two or three witnesses every word may be established" (verse 16, quoting Deuteronomy 19:15). If he still will not listen, tell it to the church.

Then come the promises: what the church binds on earth is bound in heaven, and if two of you agree on earth about anything they ask, it will be done. Finally, where two or three gather in his name, Jesus is among them.

## Why it matters

The "two or three" are the witnesses of verse 16. Jesus is promising that when his people take the painful, careful steps of confronting sin and seeking restoration, they are not acting on their own authority. He stands with them. That is a great comfort in one of the hardest tasks a church ever faces.

## What we learn from reading it rightly

Reading the verse in context teaches us several things:

- Church discipline aims at restoration, not punishment: "thou hast gained thy brother" (verse 15).
- It begins privately and widens only as necessary.
- It is carried out under Christ's authority, not as a personal grudge.
- It is followed immediately by the parable of the unforgiving servant, so it must always be done by people who know how much they have been forgiven.

## Can we still use it for prayer meetings?

Jesus is present with his people at prayer; other passages promise that. But the best use of Matthew 18:20 is to strengthen a church facing a conflict it would rather ignore. When you must go to a brother or sister about sin, go humbly, go privately, and go knowing that the Lord goes with you.
`,
  },
  {
    slug: 'reading-the-psalms-as-prayer',
    title: 'Reading the Psalms as Prayer',
    category: 'bible-study',
    excerpt:
      'The Psalms are not only words about God but words to God, given to us so that we learn how to pray. A short introduction to praying them.',
    views: 6_045,
    daysAgo: 140,
    external: true,
    body: `
The book of Psalms is the prayer book of Israel and of the church. It contains praise, lament, confession, thanksgiving and even anger, all addressed to God. When we do not know how to pray, the Psalms hand us words.

## Borrowed words that become our own

Jesus himself prayed the Psalms, even from the cross:

> Into thine hand I commit my spirit: thou hast redeemed me, O LORD God of truth.
> — Psalm 31:5

In the full article on our Substack we cover:

- the main kinds of psalm and how each one prays;
- why the lament psalms are not a failure of faith;
- a simple method for praying one psalm a day;
- how the Psalms point forward to Christ.

Read the full article on Substack.
`,
  },
];
