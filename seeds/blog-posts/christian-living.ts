import type { SeedBlogPost } from '../types';

export const christianLivingPosts: SeedBlogPost[] = [
  {
    slug: 'praying-when-you-dont-know-what-to-say',
    title: 'Praying When You Don\'t Know What to Say',
    category: 'christian-living',
    excerpt:
      'Sometimes the words dry up. Scripture gives us help for those seasons: the Spirit who intercedes, the Psalms to borrow, and the Lord\'s Prayer as a pattern.',
    views: 16_408,
    daysAgo: 395,
    body: `
Most Christians go through seasons when prayer feels impossible. The words will not come, or they come out flat and repetitive, and we end up staring at the ceiling. If that describes you right now, you are in good company, and you are not without help.

## The Spirit prays with you

Paul writes about exactly this experience, and his words are among the most comforting in the New Testament:

> Likewise the Spirit also helpeth our infirmities: for we know not what we should pray for as we ought: but the Spirit itself maketh intercession for us with groanings which cannot be uttered.
> — Romans 8:26

Notice that Paul says "we", including himself. Not knowing what to pray is not a sign of spiritual failure. It is part of being a creature who lives in a groaning world. And in that place the Holy Spirit prays for us, in line with the will of God, more deeply than we could ever put into words.

## Borrow words

When your own words run out, borrow someone else's. The church has always done this.

- **Pray the Psalms.** They cover every human emotion, including despair and anger, and they always turn toward God. Read one slowly and make it your own.
- **Pray the Lord's Prayer.** Jesus gave it as a pattern, not just a script. Take each line and expand it in your own words: his name, his kingdom, his will, our bread, our debts, our temptations.
- **Pray written prayers.** Collects and prayers from the history of the church can carry you when you cannot carry yourself.

## Keep it simple

Jesus warned against thinking we will be heard for our many words (Matthew 6:7). Some of the most honest prayers in scripture are very short: "Lord, save me", "Lord, I believe; help thou mine unbelief", "God be merciful to me a sinner". You can pray those while washing dishes.

## Show up anyway

Prayer is a relationship, and relationships include quiet seasons. Keep coming. Sit in silence if that is all you can do. Read a passage of scripture and tell God what you noticed. Thank him for one specific thing each day.

Feelings follow faithfulness more often than they lead it. The season will change. In the meantime, the Father is listening, the Son is interceding at his right hand, and the Spirit is groaning on your behalf. You are more prayed for than you know.
`,
  },
  {
    slug: 'anxiety-and-the-peace-that-guards',
    title: 'Anxiety and the Peace That Guards',
    category: 'christian-living',
    excerpt:
      'Philippians 4:6-7 is often used to shame anxious believers. Read carefully, it is an invitation, and it comes with a promise of peace that stands guard over our hearts.',
    views: 24_913,
    daysAgo: 260,
    body: `
"Be anxious for nothing." For some Christians, those words feel like a rebuke. They already struggle with worry, and now the Bible seems to tell them that worry is a sin they should simply stop. But Paul's words in Philippians 4 are far gentler than that, and far more practical.

> Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God. And the peace of God, which passeth all understanding, shall keep your hearts and minds through Christ Jesus.
> — Philippians 4:6-7

## An invitation, not a scolding

Paul does not say "stop feeling anxious". He says: take the thing you are anxious about, and turn it into a request to God. The alternative to anxiety in this passage is not a feeling of calm; it is an action, prayer. Anxiety becomes the raw material of prayer rather than proof of failure.

He also says "in every thing". No worry is too small to bring, and none is too large.

## Prayer with thanksgiving

Paul adds thanksgiving to his instruction. This is not a trick to make ourselves feel better. Gratitude reminds us of God's past faithfulness, and a God who has been faithful before can be trusted now. It also widens our view beyond the single thing that has captured our attention.

## Peace on guard duty

The promise is that God's peace will "keep", literally guard, our hearts and minds. Philippi was a Roman colony with soldiers stationed in it; Paul's readers knew what a garrison looked like. The picture is of peace standing sentry at the door of our thoughts.

Notice that the peace "passeth all understanding". It may arrive before the problem is solved, and it may not make sense to anyone watching. That is how you know it came from God.

## Practical steps

If anxiety is part of your daily life, these steps can help:

- Write down what you are worried about, and pray through the list specifically.
- Thank God for three concrete things before you ask for anything.
- Read the next two verses, which tell us what to think about (Philippians 4:8-9).
- Tell a trusted friend, pastor or counselor what you are carrying.
- If anxiety is persistent or overwhelming, see a doctor. Seeking medical help is not a lack of faith any more than setting a broken bone is.

God does not love you less because you are anxious. He invites you, again and again, to bring your worries to him. Each time you do, you are practicing the faith this passage describes.
`,
  },
  {
    slug: 'sabbath-rest-in-a-hurried-age',
    title: 'Sabbath Rest in a Hurried Age',
    category: 'christian-living',
    excerpt:
      'Our phones never switch off and our work follows us home. What could the ancient gift of Sabbath mean for Christians who feel permanently tired?',
    views: 5_276,
    daysAgo: 175,
    external: true,
    body: `
We live in an age that prizes speed and treats rest as a reward for finishing. But the work is never finished. Scripture offers another rhythm, one where rest comes first as a gift.

## Rest as a gift

Jesus reminded the Pharisees that the Sabbath was given for our good:

> And he said unto them, The sabbath was made for man, and not man for the sabbath.
> — Mark 2:27

In the full piece on our Substack we explore:

- what the Sabbath meant for Israel, fresh out of slavery;
- how Jesus fulfills the Sabbath rest;
- why weekly rest is still wise for Christians;
- simple ways to begin practicing it in a busy household.

Read the full essay on Substack.
`,
  },
  {
    slug: 'forgiveness-is-not-the-same-as-trust',
    title: 'Forgiveness Is Not the Same as Trust',
    category: 'christian-living',
    excerpt:
      'Jesus calls us to forgive without limit. That does not mean pretending nothing happened, or handing our trust straight back to someone who has hurt us.',
    views: 13_054,
    daysAgo: 118,
    body: `
Few commands of Jesus are harder than the command to forgive. Peter thought seven times was generous; Jesus answered "seventy times seven". For anyone who has been deeply wounded, that can feel like an impossible, even unjust, demand. Part of the difficulty is that we often confuse forgiveness with several other things that it is not.

## What forgiveness is

To forgive is to release a debt. It is to give up your right to make the other person pay for what they did, and to entrust justice to God. Paul grounds this in what God has done for us:

> And be ye kind one to another, tenderhearted, forgiving one another, even as God for Christ's sake hath forgiven you.
> — Ephesians 4:32

We forgive because we have been forgiven an immeasurably greater debt. The parable of the unforgiving servant in Matthew 18 makes the same point with a sharp edge.

## What forgiveness is not

It helps to be clear about what forgiveness does not require:

- **It is not pretending.** Forgiveness names the wrong honestly. You cannot release a debt you refuse to admit exists.
- **It is not forgetting.** You may remember the hurt for the rest of your life. Forgiveness changes what you do with the memory.
- **It is not reconciliation.** Reconciliation takes two people; forgiveness can be given by one. If the other person does not repent, the relationship may not be restored, though your heart can still be free of revenge.
- **It is not restored trust.** Trust is rebuilt slowly, through changed behavior over time. You can forgive someone fully and still wisely refuse to leave them alone with your children or your bank account.
- **It is not excusing crime.** Forgiving an abuser does not mean protecting them from the law. Romans 13 gives the authorities a role that personal forgiveness does not cancel.

## Where to start

Forgiveness is often a process rather than a single moment. You may need to forgive the same wrong many times as the memory returns. Start by telling God honestly what happened and how it hurt. Ask him for the willingness to release the debt, even if you do not yet feel it. Pray for the person who hurt you, which is the surest way to begin wanting their good.

Jesus does not ask us to do this alone. From the cross he prayed "Father, forgive them". The one who asks us to forgive has gone before us, and he gives the grace to follow.
`,
  },
];
