import type { SeedBlogPost } from '../types';

export const ministryPosts: SeedBlogPost[] = [
  {
    slug: 'evangelism-without-ambush-acts-17',
    title: 'Evangelism Without Ambush: Lessons from Acts 17',
    category: 'ministry',
    excerpt:
      'Paul in Athens listened, observed, found common ground and then spoke plainly about the risen Christ. His approach is a model for conversations today.',
    views: 10_387,
    daysAgo: 420,
    body: `
Many Christians dread evangelism because they picture it as an ambush: a rehearsed speech delivered to a captive listener who would rather be anywhere else. Paul's visit to Athens in Acts 17 offers a very different picture, and one that many of us could follow at the next family dinner or coffee break.

## He looked before he spoke

Paul walked around the city and noticed what the Athenians cared about. He was troubled by the idols, but he also paid attention. When he finally spoke, he could say, "I perceive that in all things ye are too superstitious", or more kindly translated, very religious. He had done his homework.

Good evangelism begins with curiosity about the person in front of us. What do they love? What are they afraid of? What do they already believe about God, meaning, justice and death?

## He started where they were

Paul did not begin with the Hebrew scriptures, which his listeners did not know. He began with an altar inscribed "to the unknown God", and he quoted their own poets:

> For in him we live, and move, and have our being; as certain also of your own poets have said, For we are also his offspring.
> — Acts 17:28

That is not compromise. It is translation. Paul used what was true in their culture as a bridge to the truth they had not yet heard.

## He did not stop at common ground

Common ground is a starting point, not a destination. Paul moved on to repentance, judgment and the resurrection of Jesus. That was the point where some mocked him. He did not soften the message to avoid the mockery.

## The results were mixed

Acts records three responses: some mocked, some wanted to hear more, and some believed, including Dionysius and a woman named Damaris. That is a realistic picture of evangelism. Faithfulness is our job; fruit is God's.

## Lessons for us

Here is what Paul's approach might look like in everyday conversation:

- Ask questions and listen to the answers before you explain anything.
- Look for what is true and good in the other person's view, and say so.
- Use language and examples they understand, not church jargon.
- Move gently but clearly toward Jesus, and especially his resurrection.
- Leave the results to God, and keep the friendship whatever happens.

Evangelism without ambush is slower. It takes more listening and fewer speeches. But it treats people as image bearers rather than targets, and it gives the gospel room to be heard as good news.
`,
  },
  {
    slug: '1-peter-3-15-in-the-workplace',
    title: '1 Peter 3:15 in the Workplace',
    category: 'ministry',
    excerpt:
      'Being ready to give a reason for your hope does not mean debating your colleagues. Peter\'s words were written to people under pressure, and they come with a manner as well as a message.',
    views: 6_702,
    daysAgo: 16,
    body: `
First Peter 3:15 is often called the charter verse of apologetics. It tells Christians to be ready to give an answer for their faith. But the verse is frequently quoted only in part, and the part that gets left off is exactly what many of us need at work.

> But sanctify the Lord God in your hearts: and be ready always to give an answer to every man that asketh you a reason of the hope that is in you with meekness and fear.
> — 1 Peter 3:15

## The context: suffering believers

Peter was writing to Christians scattered across Asia Minor who were being slandered and mistreated for their faith. The surrounding verses talk about suffering for righteousness' sake, not returning insult for insult, and keeping a good conscience so that accusers are put to shame. This is not a manual for winning debates. It is guidance for people living faithfully under pressure among neighbors and employers who do not share their faith.

## Three things the verse asks

Read in full, the verse asks three things of us:

1. **Set apart Christ as Lord in your heart.** The first step is not preparation of arguments but devotion. Fear of people shrinks when Christ is honored above them.
2. **Be ready to answer those who ask.** Notice the word "asketh". Peter assumes that our lives will provoke questions. The hope that is in us should be visible enough that people are curious about it.
3. **Answer with gentleness and respect.** The KJV says "meekness and fear". Our manner matters as much as our content. A good argument delivered with contempt is a poor witness.

## At work

What might this look like between nine and five?

- Do your work well and honestly, so that your faith is not a reason to think less of you (Colossians 3:23).
- When someone asks about your weekend and you mention church, be ready to say a sentence or two about why it matters to you.
- Learn a short, clear account of what the gospel is and why you believe it. Practice saying it in under a minute.
- If you do not know the answer to a question, say so, and offer to find out. That builds more trust than bluffing.
- Respect your workplace's boundaries. Conversations over lunch are different from using a meeting to preach.

## Hope is the point

Peter does not say "a reason for the doctrine that is in you", though doctrine matters. He says "a reason of the hope". When life at work is hard, when layoffs come or a colleague is grieving, Christian hope becomes strikingly visible. Those are often the moments when people ask. Be ready, and answer kindly.
`,
  },
  {
    slug: 'leading-a-bible-study-that-reads-the-bible',
    title: 'Leading a Bible Study That Actually Reads the Bible',
    category: 'ministry',
    excerpt:
      'Many small groups drift into sharing opinions about a passage without reading it. A few simple habits will keep your group in the text.',
    views: 3_119,
    daysAgo: 300,
    body: `
Small group Bible studies are one of the best things a church can offer. They are also easy to get wrong. A common pattern goes like this: someone reads a passage aloud, the leader asks "what does this mean to you?", and for the next forty minutes people share their impressions while the text sits forgotten on the table. Everyone leaves encouraged, but no one has learned what the passage says.

## Observation before interpretation

The most helpful change most groups can make is to slow down at the start. Before anyone asks what a passage means, ask what it says. Who is speaking? To whom? What words are repeated? What is the logic of the argument? Where does the paragraph turn?

The Bereans were commended for exactly this kind of careful reading:

> These were more noble than those in Thessalonica, in that they received the word with all readiness of mind, and searched the scriptures daily, whether those things were so.
> — Acts 17:11

## Questions that keep people in the text

The quality of a study depends largely on the quality of the questions. Try questions like these:

- What do you notice in this passage that you had not noticed before?
- What words or ideas are repeated, and why might that be?
- How does this paragraph connect to the one before it?
- What would the first readers have understood by this?
- Where do you see Jesus, or the need for him, in this passage?
- What is one thing this passage calls us to believe, and one thing it calls us to do?

Avoid questions with obvious one-word answers, and avoid questions that can be answered without looking at the text.

## Handling the group

Every group has people who talk too much and people who never talk. A few habits help:

1. Ask a question and then wait. Silence is not failure; people are thinking.
2. Invite quieter members by name, but only with questions they can answer comfortably.
3. When someone goes off topic, thank them and gently bring the group back to the verse.
4. When someone says something mistaken, ask "where do you see that in the passage?" rather than correcting them outright.

## Prepare, but not too much

Read the passage several times during the week, ideally in more than one translation. Look at the surrounding chapters. Write your questions down. But do not prepare a lecture. Your job is to help the group discover what the passage says, not to tell them what you found. When a group learns to read the Bible together, they will keep reading it long after the study ends.
`,
  },
  {
    slug: 'caring-for-doubters-in-your-church',
    title: 'Caring for Doubters in Your Church',
    category: 'ministry',
    excerpt:
      'Doubt is more common in churches than most leaders realize. Jude tells us to have mercy on those who doubt. What does that look like in practice?',
    views: 1_906,
    daysAgo: 70,
    body: `
Somewhere in your congregation this Sunday there is someone quietly wondering whether any of it is true. They may be a teenager who has met sharp atheist arguments online, a parent grieving a child, or a long-time member whose prayers seem to go unanswered. Most of them will not tell anyone, because they fear how church people will react.

## Mercy, not panic

The little letter of Jude is mostly a warning about false teachers, but near the end it gives a tender instruction:

> And of some have compassion, making a difference.
> — Jude 1:22

Many modern translations render this "have mercy on those who doubt". Doubters are not the enemy. They are sheep who need a shepherd. Jesus himself was patient with Thomas, who would not believe without seeing; he came back a week later and invited Thomas to touch his wounds.

## Different kinds of doubt

Not all doubt is the same, and it helps to listen long enough to know which kind you are dealing with:

- **Intellectual doubt** is driven by questions about evidence, science, history or philosophy. It needs honest answers and good resources.
- **Emotional doubt** is driven by pain, disappointment or anxiety. It needs presence and patience more than arguments.
- **Moral doubt** is sometimes a way of avoiding a call to repentance. It needs gentle but honest conversation.

Often these are tangled together. Someone may raise an intellectual question because an emotional wound has made it feel urgent.

## What helps

A few practical commitments can make your church a safer place to doubt:

1. Talk about doubt publicly, from the pulpit and in small groups, so people know it is not shameful.
2. Train a few mature believers who can listen without flinching and point to good resources.
3. Keep doubters included. Isolation makes doubt worse; community gives faith room to recover.
4. Be honest about what you do not know. Credibility comes from candor.
5. Keep pointing to Jesus, especially his resurrection, which is the center of the case for faith.

## The goal

The goal is not to make every question disappear. Many faithful believers carry unanswered questions for life. The goal is to help people see that faith is reasonable, that God is trustworthy even when we do not understand him, and that the church is a place where they can bring their questions and still belong.
`,
  },
];
