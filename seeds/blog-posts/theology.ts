import type { SeedBlogPost } from '../types';

export const theologyPosts: SeedBlogPost[] = [
  {
    slug: 'the-trinity-what-christians-believe',
    title: 'The Trinity: What Christians Actually Believe',
    category: 'theology',
    excerpt:
      'The doctrine of the Trinity is not a math puzzle. It is the church\'s summary of what the Bible reveals about the one God who is Father, Son and Holy Spirit.',
    views: 22_761,
    daysAgo: 488,
    body: `
Few Christian teachings are as central, or as often garbled, as the Trinity. Ask a room of churchgoers to explain it and you will hear about water, ice and steam, or a man who is a father, a son and a husband at once. Those analogies are well meant, but each of them actually teaches an ancient error. It is better to begin with what scripture says.

## Three things the Bible teaches

The doctrine of the Trinity is built from three strands of biblical teaching, held together.

1. **There is only one God.** This is the heartbeat of Israel's faith, and the New Testament never retreats from it.
2. **The Father, the Son and the Holy Spirit are each fully God.** Jesus receives worship, forgives sins and shares the divine name; the Spirit is called God, is eternal, and is everywhere present.
3. **The Father, the Son and the Spirit are distinct persons.** The Son prays to the Father; the Father sends the Son; the Spirit is "another Comforter" sent from both.

> Hear, O Israel: The LORD our God is one LORD.
> — Deuteronomy 6:4

Deny the first and you have three gods. Deny the second and you have one God with two exalted creatures. Deny the third and you have one person wearing three masks, which was the error of Sabellius in the third century. The doctrine of the Trinity is simply the refusal to let go of any of the three.

## One what, three whos

A helpful way to put it is this: God is one *what* and three *whos*. There is one divine nature or being. There are three persons who each fully possess that one nature. They are not three parts of God, each a third of the whole. Each is wholly God, and yet there are not three Gods.

That is not a contradiction, because "one" and "three" are said of different things. It is a mystery, in the sense that we cannot fully picture it, but it is not nonsense.

## Why it matters

The Trinity is not an abstract puzzle reserved for theologians. It shapes the gospel itself:

- The Father sends the Son out of love, the Son gives himself for us, and the Spirit unites us to him.
- Love is eternal in God, because the Father has always loved the Son in the Spirit. God did not create in order to have someone to love.
- Prayer is trinitarian: we pray to the Father, through the Son, in the Spirit.

## A word about analogies

Every analogy breaks somewhere, so use them sparingly and say where they break. Better still, point people to the baptism of Jesus, where the Son stands in the water, the Spirit descends like a dove and the Father speaks from heaven. Scripture shows us the Trinity before it ever explains it, and that is where our wonder should begin.
`,
  },
  {
    slug: 'justification-and-sanctification',
    title: 'Justification and Sanctification: Why the Distinction Matters',
    category: 'theology',
    excerpt:
      'Being declared righteous and being made holy belong together, but they are not the same thing. Confusing them leads either to anxiety or to complacency.',
    views: 7_329,
    daysAgo: 330,
    body: `
Two long words sit at the heart of the Christian life: justification and sanctification. The first is about our standing before God. The second is about our growth in holiness. The Bible never separates them, but it carefully distinguishes them, and so should we.

## Justification: a verdict

To justify, in the language of the New Testament, is to declare righteous. It is a courtroom word. When God justifies a sinner, he does not pretend the sinner is good; he credits to them the righteousness of Christ, received by faith alone.

> Therefore being justified by faith, we have peace with God through our Lord Jesus Christ.
> — Romans 5:1

Justification is complete the moment we believe. It does not grow. A new believer on the day of conversion is as fully justified as the apostle Paul at the end of his life, because the righteousness in view is Christ's, not ours.

## Sanctification: a process

Sanctification is the lifelong work of the Holy Spirit, making us actually holy. It involves our effort, as Paul says, "work out your own salvation with fear and trembling", but always on the basis that "it is God which worketh in you" (Philippians 2:12-13). Sanctification grows, stalls, and sometimes seems to go backwards. It will be complete only when we see Christ.

## What goes wrong when we mix them up

Confusing the two tends to produce one of two problems:

- **Anxiety**: if my standing with God depends on my progress in holiness, I can never be sure of it. Every failure calls my salvation into question.
- **Complacency**: if holiness is optional because I am already forgiven, I may treat grace as a license, which Paul rejects in the strongest terms (Romans 6:1-2).

Keeping them distinct gives assurance; keeping them together gives seriousness.

## The fruit, not the root

The Reformers put it like this: we are justified by faith alone, but the faith that justifies is never alone. Good works are the fruit of salvation, not its root. A tree is not made an apple tree by producing apples; it produces apples because it is one.

So if you belong to Christ, rest in his finished work. Then get up and fight sin, not to earn his favor, but because you already have it.
`,
  },
  {
    slug: 'what-does-image-of-god-mean',
    title: 'What Does "Image of God" Mean?',
    category: 'theology',
    excerpt:
      'Genesis says human beings are made in the image of God. What does that mean, and why has it shaped so much of how we treat one another?',
    views: 4_187,
    daysAgo: 205,
    body: `
On the sixth day of creation, the pattern of Genesis 1 changes. Instead of "let the earth bring forth", God says "let us make". What he makes is humanity, and he makes us in his image.

> So God created man in his own image, in the image of God created he him; male and female created he them.
> — Genesis 1:27

This short phrase has shaped Christian thinking about human dignity for two thousand years. But what exactly does it mean?

## Three classic answers

Theologians have usually explained the image of God in one of three ways:

1. **Capacities**: we bear God's image in our reason, creativity, moral sense and ability to relate to him.
2. **Relationship**: we bear his image in being made for communion with God and with one another, just as male and female together are said to image him.
3. **Vocation**: we bear his image in our calling to rule and care for creation as his representatives, the way an ancient king set up images of himself throughout his realm.

These are not rivals. The context of Genesis 1 emphasizes the third, since the very next verse gives humanity dominion over the earth, but the capacities and relationships are what make that vocation possible.

## The image and human worth

Because every person bears the image of God, every person has a worth that does not depend on their abilities, age, health, usefulness or moral record. Genesis 9:6 grounds the prohibition of murder on exactly this. James 3:9 says that cursing another person is wrong because they are made in God's likeness.

This conviction is why Christians have built hospitals, opposed infanticide, cared for the disabled and, at their best, resisted slavery and racial contempt. When they have failed, they have failed against their own scriptures.

## The image restored

The New Testament adds that Christ is "the image of the invisible God" (Colossians 1:15) and that believers are being "renewed in knowledge after the image of him that created him" (Colossians 3:10). The image was marred in the fall but not erased, and in Christ it is being restored.

Some practical implications are worth carrying into the week:

- Look at the person who annoys you and remember whose image they bear.
- Treat your work of making and caring as part of your calling, not a distraction from it.
- Let your hope be shaped by the promise that you will one day bear the image of the heavenly man (1 Corinthians 15:49).
`,
  },
  {
    slug: 'grace-is-not-a-license',
    title: 'Grace Is Not a License',
    category: 'theology',
    excerpt:
      'If we are saved by grace, why bother fighting sin? Paul heard that objection and answered it in Romans 6. His answer is better than rules.',
    views: 11_862,
    daysAgo: 48,
    body: `
Whenever grace is preached clearly, someone will raise the objection. If God forgives freely, and more sin only shows off more grace, why not keep sinning? Paul heard that question in the first century. The fact that his gospel provoked it tells us he was preaching grace without qualification.

> What shall we say then? Shall we continue in sin, that grace may abound? God forbid. How shall we, that are dead to sin, live any longer therein?
> — Romans 6:1-2

## Paul's answer is not "be careful"

Notice what Paul does not say. He does not say that grace has limits, or that we had better not push our luck. He does not add a few rules to balance out the freedom. He says that the question itself misunderstands what has happened to a Christian.

## Union with Christ

Paul's answer rests on union with Christ. In baptism we were joined to his death and his resurrection. The old self was crucified with him. To ask whether a Christian may go on living in sin is like asking whether a dead man may go back to his old address. It is not that he is forbidden; it is that he no longer lives there.

## Reckon, yield, serve

Romans 6 then gives three practical instructions that flow from that union:

- **Reckon** yourselves dead to sin and alive to God (verse 11). Count it true, because it is.
- **Yield** your bodies to God as instruments of righteousness (verse 13). Holiness is practiced with hands, eyes and tongues.
- **Serve** a new master (verses 16-18). Everyone is a slave to something; grace transfers us to the service of one who gives life.

## Grace that teaches

Titus 2:11-12 says that the grace of God that brings salvation also teaches us to deny ungodliness. Grace is not only a pardon; it is a teacher. The same love that forgives us also trains us, patiently, to become like Jesus.

If you are fighting a sin you keep falling into, do not conclude that grace has run out. Conclude instead that grace is exactly what you need: to forgive you again, and to keep teaching you to say no. The answer to the abuse of grace is never less grace. It is more of it, rightly understood.
`,
  },
];
