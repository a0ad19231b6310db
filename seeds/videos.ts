import type { SeedVideo } from './types';

// Sample teaching videos. YouTube ids are invented but well formed; the two resurrection
// and historical-Jesus talks are clearly the most watched, so "Most Popular" has a shape.
export const videos: SeedVideo[] = [
  // Apologetics
  {
    title: 'The Minimal Facts Case for the Resurrection',
    description:
      'Which facts about the death and resurrection of Jesus do nearly all critical scholars accept, and what best explains them? We walk through the crucifixion, the empty tomb, the appearances, the conversion of Paul and James, and weigh the alternatives honestly.',
    category: 'apologetics',
    duration: '42:18',
    views: 412_380,
    daysAgo: 655,
    youtubeId: 'mF7qK2xR9tA',
  },
  {
    title: 'Did Jesus Even Exist? What Historians Actually Say',
    description:
      'Tacitus, Josephus, Paul and the gospels: a careful look at the sources for the historical Jesus, why mythicism has almost no support among historians of antiquity, and what the evidence does and does not establish.',
    category: 'apologetics',
    duration: '27:05',
    views: 298_115,
    daysAgo: 512,
    youtubeId: 'Zp3_hW8nLcE',
  },
  {
    title: 'Answering the Problem of Evil',
    description:
      'If God is good and all-powerful, why is there so much suffering? We separate the logical problem from the emotional one, look at the free will and soul-making responses, and end at the cross, where God does not stand far off from pain.',
    category: 'apologetics',
    duration: '35:40',
    views: 48_210,
    daysAgo: 430,
    youtubeId: 'Qd9vT1sJ4kU',
  },
  {
    title: 'Are the Gospels Eyewitness Testimony?',
    description:
      'Names, places, undesigned coincidences and the testimony of Papias: what internal and external evidence tells us about where the four gospels came from and how close they stand to the events.',
    category: 'apologetics',
    duration: '31:12',
    views: 36_904,
    daysAgo: 288,
    youtubeId: 'b6XeN0yHq2M',
  },
  {
    title: 'Who Moved the Stone? in 60 Seconds',
    description: 'The empty tomb in under a minute: why the earliest opponents of the resurrection never claimed the body was still there.',
    category: 'apologetics',
    duration: '0:58',
    views: 87_340,
    daysAgo: 176,
    youtubeId: 'tR2-wq8ZbVo',
    isShort: true,
  },
  {
    title: 'Is Faith Blind? Hebrews 11:1 Explained',
    description: 'Biblical faith is trust grounded in what God has shown, not a leap in the dark. A quick look at Hebrews 11:1 in its chapter.',
    category: 'apologetics',
    duration: '0:47',
    views: 23_618,
    daysAgo: 64,
    youtubeId: 'Hn4kLp0sW7c',
    isShort: true,
  },

  // Bible study
  {
    title: 'Does Jeremiah 29:11 Mean What You Think?',
    description:
      'It is printed on graduation cards and coffee mugs, but Jeremiah 29:11 was first written to exiles facing seventy years in Babylon. Reading the whole letter makes the promise bigger, not smaller, and shows how it still speaks to us today.',
    category: 'bible-study',
    duration: '18:47',
    views: 64_520,
    daysAgo: 12,
    youtubeId: 'J3r29x11Ctx',
    featured: true,
  },
  {
    title: 'Philippians 4:13 Is Not About Winning Football Games',
    description:
      'Paul wrote "I can do all things" from prison, right after talking about being hungry and being full. We read verses 10-20 together and discover the secret of contentment he was actually describing.',
    category: 'bible-study',
    duration: '15:33',
    views: 71_904,
    daysAgo: 590,
    youtubeId: 'pH4_13aLLtn',
  },
  {
    title: 'Judge Not? Reading Matthew 7:1 in Context',
    description:
      'The most quoted verse in the Bible may be "judge not". Jesus goes on to talk about specks, logs, dogs and pearls. What kind of judging is forbidden, and what kind does the Sermon on the Mount expect from us?',
    category: 'bible-study',
    duration: '16:21',
    views: 22_480,
    daysAgo: 402,
    youtubeId: 'mT7v1JdgNt0',
  },
  {
    title: 'How to Read the Bible in Context: A Beginner\'s Method',
    description:
      'A full workshop on reading scripture well: literary context, historical setting, genre, the flow of the book and the storyline of the whole Bible. Bring a Bible, a notebook and a passage you have always wondered about.',
    category: 'bible-study',
    duration: '1:02:15',
    views: 15_312,
    daysAgo: 699,
    youtubeId: 'Rk8cX3eQn5B',
  },
  {
    title: 'Where Two or Three Are Gathered: Read the Verse Before',
    description: 'Matthew 18:20 is about church discipline and reconciliation, not attendance at a prayer meeting. Here is the paragraph it belongs to.',
    category: 'bible-study',
    duration: '0:55',
    views: 41_207,
    daysAgo: 221,
    youtubeId: 'Wg2or3_18Mt',
    isShort: true,
  },
  {
    title: 'Reading Romans 8:28 Without Cutting It Short',
    description:
      '"All things work together for good" is a promise with a definition of good attached in verse 29. We trace Paul\'s argument through Romans 8 and see why this verse can carry real weight in suffering.',
    category: 'bible-study',
    duration: '21:09',
    views: 9_764,
    daysAgo: 97,
    youtubeId: 'e8Rm28GdWpk',
  },

  // Theology
  {
    title: 'The Trinity Explained Without Bad Analogies',
    description:
      'Water, ice and steam? An egg? A three-leaf clover? Each one accidentally teaches an old heresy. We build the doctrine of the Trinity from the biblical data instead: one God, three persons, each fully God.',
    category: 'theology',
    duration: '38:44',
    views: 54_109,
    daysAgo: 470,
    youtubeId: 'Tr1n1tyNoAn',
  },
  {
    title: 'What Is Justification by Faith?',
    description:
      'Why did this doctrine split the Western church in the sixteenth century, and why does it still matter? A walk through Romans 3-5 and Galatians 2 on how a sinner is declared righteous before God.',
    category: 'theology',
    duration: '24:16',
    views: 9_873,
    daysAgo: 343,
    youtubeId: 'jUst1f1c4T_',
  },
  {
    title: 'Hypostatic Union: Fully God, Fully Man',
    description:
      'What the Council of Chalcedon meant by "one person in two natures", why the early church fought so hard over it, and why it matters for your salvation that Jesus is both.',
    category: 'theology',
    duration: '29:50',
    views: 6_245,
    daysAgo: 150,
    youtubeId: 'Hyp0stUn10n',
  },
  {
    title: 'Is the Holy Spirit a "Force"?',
    description: 'The Spirit teaches, grieves, intercedes and can be lied to. Forces do none of those things. A one-minute look at the personhood of the Spirit.',
    category: 'theology',
    duration: '0:52',
    views: 18_402,
    daysAgo: 33,
    youtubeId: 'hS_persn0n1',
    isShort: true,
  },

  // Christian living
  {
    title: 'Prayer When God Seems Silent',
    description:
      'Psalm 13 begins with "How long, O LORD?" and ends with singing. We look at the lament psalms as a school of prayer for seasons when heaven feels closed, and at what God is doing in the waiting.',
    category: 'christian-living',
    duration: '21:35',
    views: 33_780,
    daysAgo: 365,
    youtubeId: 'pRay3rS1l3n',
  },
  {
    title: 'Anxiety, Faith and Philippians 4:6-7',
    description:
      'Does "be anxious for nothing" mean that anxious Christians lack faith? A pastoral and careful reading of Paul\'s words, with practical help for bringing worry to God and a word about seeking medical care.',
    category: 'christian-living',
    duration: '19:02',
    views: 18_421,
    daysAgo: 247,
    youtubeId: 'aNx_Ph1l467',
  },
  {
    title: 'Forgiving Someone Who Isn\'t Sorry',
    description:
      'What does Jesus ask of us when the person who hurt us never apologizes? We distinguish forgiveness from reconciliation and from trust, and look at how the gospel makes forgiving possible.',
    category: 'christian-living',
    duration: '17:48',
    views: 12_066,
    daysAgo: 122,
    youtubeId: 'F0rg1v3N0tS',
  },
  {
    title: 'A 30-Second Habit for Reading Scripture Daily',
    description: 'Before you read, ask one question: who was this first written to? Half a minute that changes how you read the rest.',
    category: 'christian-living',
    duration: '0:34',
    views: 9_310,
    daysAgo: 19,
    youtubeId: 'd41lyH4b1t3',
    isShort: true,
  },

  // Church history
  {
    title: 'The Council of Nicaea: Myths and Facts',
    description:
      'Did Constantine invent the divinity of Jesus? Did the bishops vote on which books belong in the Bible? We read what actually happened in 325, what Arius taught, and what the creed says.',
    category: 'church-history',
    duration: '44:27',
    views: 41_560,
    daysAgo: 540,
    youtubeId: 'N1c4e4_325x',
  },
  {
    title: 'Who Were the Apostolic Fathers?',
    description:
      'Clement of Rome, Ignatius of Antioch, Polycarp and the Didache: an introduction to the Christians who wrote in the generation after the apostles, and what they show us about the early church.',
    category: 'church-history',
    duration: '33:19',
    views: 4_912,
    daysAgo: 310,
    youtubeId: 'aP0stFath3r',
  },
  {
    title: 'How the New Testament Canon Came Together',
    description:
      'Which books were recognized early, which were debated, and what criteria did the church use? From Irenaeus to the Muratorian fragment to Athanasius\' Easter letter of 367, this is the story of how we got the twenty-seven books.',
    category: 'church-history',
    duration: '52:06',
    views: 27_308,
    daysAgo: 88,
    youtubeId: 'C4n0nNT_27b',
  },
  {
    title: 'Did Constantine Invent the Bible?',
    description: 'Short answer: no. Christians were quoting the gospels and Paul as scripture two centuries before Constantine was born.',
    category: 'church-history',
    duration: '0:49',
    views: 56_981,
    daysAgo: 265,
    youtubeId: 'c0nstNoB1bl',
    isShort: true,
  },

  // Ministry
  {
    title: 'Sharing Your Faith Without Winning Arguments and Losing People',
    description:
      'Paul in Athens listened first, quoted their poets and pointed to the risen Christ. Lessons from Acts 17 for conversations with friends, family and coworkers who do not believe.',
    category: 'ministry',
    duration: '26:40',
    views: 8_730,
    daysAgo: 198,
    youtubeId: 'Sh4r3Acts17',
  },
  {
    title: 'Leading a Small Group Bible Study: Practical Tips',
    description:
      'How to choose a passage, prepare good questions, handle the person who always talks and the person who never does, and keep the group reading the text instead of trading opinions.',
    category: 'ministry',
    duration: '31:55',
    views: 1_145,
    daysAgo: 58,
    youtubeId: 'sMgrp-L34d9',
  },
  {
    title: 'Answering Questions at Work: 1 Peter 3:15 in Practice',
    description:
      'Your coworker asks why you go to church. Now what? A realistic look at being ready with a reason for the hope that is in you, in the break room and on the job site.',
    category: 'ministry',
    duration: '14:32',
    views: 5_618,
    daysAgo: 6,
    youtubeId: 'w0rk1Pet315',
  },
  {
    title: 'Gentleness and Respect: The Other Half of 1 Peter 3:15',
    description: 'Everyone quotes "always be ready to give an answer". Peter finishes the sentence with how to give it.',
    category: 'ministry',
    duration: '0:41',
    views: 612,
    daysAgo: 2,
    youtubeId: 'g3ntL3-R3sp',
    isShort: true,
  },
];
