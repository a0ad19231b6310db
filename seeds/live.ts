import type { SeedLiveStream } from './types';

// One stream live right now (so /live-qa is not empty on a fresh install) and three
// upcoming sessions 2, 9 and 16 days after the seeding time.
export const liveStreams: SeedLiveStream[] = [
  {
    title: 'Live Q&A: Can We Trust the Bible We Have Today?',
    description:
      'Manuscripts, translations, the canon and those footnotes in your Bible that say "some early manuscripts do not include…". Bring your questions about how the scriptures reached us and whether what we read is what was written.',
    isLive: true,
    viewerCount: 247,
    inDays: 0,
    questions: [
      {
        askedBy: 'Maria',
        question: 'How do we know the copies we have today match what the apostles actually wrote?',
        minutesAgo: 26,
        isAnswered: true,
      },
      {
        askedBy: 'Samuel',
        question: 'How early are the earliest manuscripts of John\'s gospel?',
        minutesAgo: 22,
        isAnswered: true,
      },
      {
        askedBy: 'Daniel',
        question: 'My coworker says the Council of Nicaea picked which books went into the Bible. What should I tell him?',
        minutesAgo: 17,
        isAnswered: true,
      },
      {
        askedBy: 'Josh',
        question: 'Are there verses in our Bibles that were not in the originals, like the ending of Mark or the woman caught in adultery?',
        minutesAgo: 11,
        isHighlighted: true,
      },
      {
        askedBy: 'Grace',
        question: 'Which translation would you recommend for careful study, and which for reading aloud with kids?',
        minutesAgo: 6,
      },
      {
        askedBy: 'Priya',
        question: 'Any book recommendations for a new believer who has a lot of questions about the Bible?',
        minutesAgo: 2,
      },
    ],
  },
  {
    title: 'Reading Revelation Without Fear',
    description:
      'Beasts, bowls and a thousand years: how to read the last book of the Bible as its first readers did, as a letter of hope to churches under pressure. Live teaching followed by open Q&A.',
    isLive: false,
    viewerCount: 0,
    inDays: 2,
  },
  {
    title: 'Ask Anything: Science and Faith',
    description:
      'Genesis and cosmology, miracles and the laws of nature, and whether a scientist can be a Christian. An open Q&A evening: send your questions in during the stream.',
    isLive: false,
    viewerCount: 0,
    inDays: 9,
  },
  {
    title: 'Church History Night: The Reformation in Context',
    description:
      'What Luther, Calvin and the other reformers were reacting to, what they recovered, and what every Christian tradition can learn from the sixteenth century. Teaching followed by live questions.',
    isLive: false,
    viewerCount: 0,
    inDays: 16,
  },
];
