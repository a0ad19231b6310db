import type { SeedDevotional } from '../types';

// Verses are quoted from the King James Version (public domain).
export const devotionalsPart2: SeedDevotional[] = [
  {
    title: 'Near to the Brokenhearted',
    verseReference: 'Psalm 34:18',
    verseText: 'The LORD is nigh unto them that are of a broken heart; and saveth such as be of a contrite spirit.',
    content: `The heading of Psalm 34 connects it with a low moment in David's life, when he was on the run from Saul and had to pretend to be mad before a Philistine king to escape. This is not a psalm written from a palace. It is the praise of a man who had been desperate and found God faithful.

The promise is striking: the LORD is near to the brokenhearted. We might expect God to keep his distance from people who are falling apart, to wait until they have recovered and can approach him properly. The opposite is true. Broken hearts seem to draw him closer.

A "contrite spirit" is a crushed one, someone who has come to the end of their own resources. That is often the place where we discover God most clearly. If your heart is broken today, you do not need to pretend otherwise before him. He is already near. Tell him what hurts, and let him be your refuge.`,
  },
  {
    title: 'A High Priest Who Understands',
    verseReference: 'Hebrews 4:15-16',
    verseText:
      'For we have not an high priest which cannot be touched with the feeling of our infirmities; but was in all points tempted like as we are, yet without sin. Let us therefore come boldly unto the throne of grace, that we may obtain mercy, and find grace to help in time of need.',
    content: `The letter to the Hebrews was written to Jewish Christians who were tempted to go back to the old ways of temple and sacrifice. The writer argues that Jesus is the great high priest, better than any who served in the temple, and that his sacrifice is final.

But he does not only say Jesus is greater. He says Jesus is closer. He has been tempted in every way we are. He knows hunger, exhaustion, grief, betrayal and the pull to take an easier road. He resisted where we fall, but he did not resist from a distance. He felt the weight.

That is why we can come "boldly" to the throne of grace. Boldness here is not arrogance; it is the confidence of someone who knows they are welcome. The throne we approach is a throne of grace, and the one who sits beside it understands. Whatever your need is today, come with it. You will find mercy and timely help.`,
  },
  {
    title: 'Breathed Out by God',
    verseReference: '2 Timothy 3:16-17',
    verseText:
      'All scripture is given by inspiration of God, and is profitable for doctrine, for reproof, for correction, for instruction in righteousness: That the man of God may be perfect, throughly furnished unto all good works.',
    content: `Paul wrote these words near the end of his life, from prison, to his young colleague Timothy. He knew his own ministry was ending, and he warned that difficult times were coming, with people who would have a form of godliness but deny its power. What would keep Timothy steady? The scriptures he had known since childhood.

"Given by inspiration of God" translates a single Greek word that means "God-breathed". Scripture is not merely human reflection about God; it comes from God himself, through human authors.

Notice its purpose. It teaches what is true, rebukes what is wrong, corrects us when we have gone astray and trains us in right living. The goal is not information for its own sake but a person equipped for every good work. When you open the Bible today, open it expecting God to speak, and expecting him to change something in you, not just to inform you.`,
  },
  {
    title: 'Be a Berean',
    verseReference: 'Acts 17:11',
    verseText:
      'These were more noble than those in Thessalonica, in that they received the word with all readiness of mind, and searched the scriptures daily, whether those things were so.',
    content: `Paul had just been driven out of Thessalonica by a riot. In Berea he did what he always did, going first to the synagogue and explaining from the Hebrew scriptures that the Messiah had to suffer and rise again. The Bereans responded in a way Luke wanted to hold up as a model.

They were eager. They "received the word with all readiness of mind". They did not dismiss Paul's message. But they were also careful. They checked what he said against the scriptures, and they did it daily.

That combination is what this site is about. Openness without testing makes us gullible; testing without openness makes us cynical. The Bereans had both, and many of them believed. You can apply this to every teacher you hear, including the ones you like. Listen eagerly, then open your Bible and see whether these things are so. Context is key, and the best context for any verse is the rest of scripture.`,
  },
  {
    title: 'Wounded for Us',
    verseReference: 'Isaiah 53:5',
    verseText:
      'But he was wounded for our transgressions, he was bruised for our iniquities: the chastisement of our peace was upon him; and with his stripes we are healed.',
    content: `Isaiah 53 was written some seven centuries before Jesus, yet Christians have always recognized him in it. It describes a servant of the LORD who is despised and rejected, who is led like a lamb to the slaughter, who is cut off from the land of the living, and who bears the sin of many.

This verse is the heart of the chapter. Look at the pronouns: he was wounded, we are healed. He was bruised, our iniquities. The servant does not suffer for his own wrongdoing. He suffers in our place, and his punishment brings us peace.

When the Ethiopian official read this passage in Acts 8 and asked Philip who the prophet was talking about, Philip began with this scripture and told him the good news about Jesus. Read the whole chapter today, slowly. See the servant, and remember that every "our" and "we" includes you. The peace you have with God was purchased at that price.`,
  },
  {
    title: 'A Clean Heart',
    verseReference: 'Psalm 51:10',
    verseText: 'Create in me a clean heart, O God; and renew a right spirit within me.',
    content: `Psalm 51 was written after David's worst failure. He had taken Bathsheba, arranged the death of her husband Uriah, and hidden it for months. When the prophet Nathan confronted him, David finally broke. This psalm is his confession.

Notice the verb David uses: "create". It is the same word used in Genesis 1 for God creating the heavens and the earth. David does not ask God to help him tidy up his heart or improve it. He knows it needs to be made new, something only God can do.

David also asks for a right, or steadfast, spirit, one that will not waver as his did. Real repentance is not only sorrow for the past but a longing to be different in the future. If there is sin in your life that you have been hiding or excusing, this psalm gives you words to pray. God does not despise a broken and contrite heart. He creates clean ones.`,
  },
  {
    title: 'The God of Hope',
    verseReference: 'Romans 15:13',
    verseText:
      'Now the God of hope fill you with all joy and peace in believing, that ye may abound in hope, through the power of the Holy Ghost.',
    content: `This verse is a benediction, a prayer Paul speaks over the church in Rome as he draws the main body of his letter to a close. That church was made up of Jewish and Gentile believers who struggled to accept one another. Paul has just quoted several Old Testament passages showing that God always intended the nations to praise him alongside Israel.

He calls God "the God of hope". Hope is not just something God gives; it is part of who he is. He is the God who keeps his promises across centuries, who raised Jesus from the dead, and who will finish what he has begun.

Notice that joy and peace come "in believing". They flow from trusting God, not from having everything figured out. And the result is that we "abound" in hope, overflowing with it, by the power of the Spirit. If hope feels thin today, ask the God of hope to fill you. He delights to answer that prayer.`,
  },
  {
    title: 'He Goes Before You',
    verseReference: 'Deuteronomy 31:8',
    verseText:
      'And the LORD, he it is that doth go before thee; he will be with thee, he will not fail thee, neither forsake thee: fear not, neither be dismayed.',
    content: `Moses spoke these words to Joshua in front of all Israel. Moses was a hundred and twenty years old and would not cross the Jordan. Joshua was about to inherit a task that had overwhelmed even Moses at times. The promise Moses gives him is not about Joshua's abilities, but about God's presence.

The LORD goes before. He is already in the land, already in the battles ahead, already in tomorrow. The LORD will be with you. He does not send his people ahead alone. And he will not fail you or forsake you. He does not leave halfway.

The writer of Hebrews takes this promise and applies it to every believer: "I will never leave thee, nor forsake thee." Whatever transition you face, a new job, a move, an illness, the loss of someone who led you, God is already there. You are not walking into the unknown. You are following someone who has gone ahead.`,
  },
  {
    title: 'Rejoicing Over You',
    verseReference: 'Zephaniah 3:17',
    verseText:
      'The LORD thy God in the midst of thee is mighty; he will save, he will rejoice over thee with joy; he will rest in his love, he will joy over thee with singing.',
    content: `Most of the book of Zephaniah is hard reading. It warns of the day of the LORD, a day of wrath, distress and darkness, against Judah and the nations. But at the end the tone changes completely. After judgment comes restoration, and the book closes with one of the most tender pictures of God in the Old Testament.

God is in the midst of his people. He is mighty to save. And then the surprise: he rejoices over them with joy, and sings over them. We are used to the idea of singing to God. Zephaniah shows us God singing over us, like a parent over a child.

The phrase "he will rest in his love" may also be rendered "he will quiet you by his love". Either way, it speaks of a settled, contented love. If you belong to him through Christ, this is how God regards you. Not with reluctant tolerance, but with delight. Let that truth quiet your heart today.`,
  },
  {
    title: 'Numbering Our Days',
    verseReference: 'Psalm 90:12',
    verseText: 'So teach us to number our days, that we may apply our hearts unto wisdom.',
    content: `Psalm 90 is the only psalm attributed to Moses. It contrasts the eternity of God with the brevity of human life. A thousand years in God's sight are like yesterday. Our lives are like grass that flourishes in the morning and withers by evening. Seventy years, perhaps eighty, and then we fly away.

That might sound depressing, but Moses turns it into a prayer. To number our days is to recognize that they are limited, and therefore precious. People who think they have unlimited time tend to waste it. People who know life is short tend to ask what really matters.

The goal is a "heart of wisdom". Wisdom in the Bible is skill in living well before God. Counting our days helps us spend them well: on people, on faithfulness, on the things that will last. The psalm ends by asking God to establish the work of our hands. Ask him today to make your ordinary hours count.`,
  },
  {
    title: 'Hope for Exiles',
    verseReference: 'Jeremiah 29:11',
    verseText:
      'For I know the thoughts that I think toward you, saith the LORD, thoughts of peace, and not of evil, to give you an expected end.',
    content: `This verse is often printed alone on cards and posters, but it was first part of a letter. Jeremiah wrote to Jews who had been carried away to Babylon, telling them to build houses, plant gardens and pray for the city of their captivity. They would be there for seventy years. Many who read the letter would not live to see home again.

Read in that setting, the promise is not that life will go smoothly. It is that God had not forgotten his people in exile, and that their story would end in restoration. His thoughts toward them were peace, even when their circumstances were not.

That makes the verse stronger, not weaker. It speaks to people in long seasons of waiting, far from where they hoped to be. The New Testament calls believers strangers and exiles in this world. God's plans for his people are good, and they end in a homecoming. Until then, seek the good of the place where he has put you.`,
  },
  {
    title: 'Light That Points Upward',
    verseReference: 'Matthew 5:16',
    verseText:
      'Let your light so shine before men, that they may see your good works, and glorify your Father which is in heaven.',
    content: `In the Sermon on the Mount Jesus tells his followers that they are the light of the world, a city on a hill that cannot be hidden. Nobody lights a lamp and puts it under a basket. Light exists to be seen.

But notice where the light is meant to point. People see our good works and glorify our Father. Later in the same sermon, Jesus warns against doing good deeds to be seen by others. The difference lies in the purpose. Showing off draws attention to ourselves. Shining draws attention to God.

Good works here are not grand gestures. They include honesty, kindness, patience, generosity and faithfulness in the small things. Over time, such a life raises questions that words alone cannot. Think today about one person who sees you regularly. What might they learn about your Father from the way you treat them? Let your light shine, not so they admire you, but so they wonder about him.`,
  },
  {
    title: 'The Word Made Flesh',
    verseReference: 'John 1:14',
    verseText:
      'And the Word was made flesh, and dwelt among us, (and we beheld his glory, the glory as of the only begotten of the Father,) full of grace and truth.',
    content: `John begins his gospel not in Bethlehem but before creation. "In the beginning was the Word, and the Word was with God, and the Word was God." All things were made through him. Then comes this astonishing verse: the eternal Word became flesh.

"Dwelt" literally means "pitched his tent". John's Jewish readers would have remembered the tabernacle in the wilderness, where God's glory filled the tent and he lived among his people. Now God's glory has taken up residence in a human body, walking the roads of Galilee.

And John says "we beheld his glory". This is eyewitness testimony. John had seen Jesus, eaten with him, watched him die and met him risen. The glory he saw was "full of grace and truth", not one without the other. Jesus does not offer truth without grace, or grace without truth. In him we meet both, fully. That is the God who came near to us.`,
  },
  {
    title: 'The Greatest of These',
    verseReference: '1 Corinthians 13:13',
    verseText: 'And now abideth faith, hope, charity, these three; but the greatest of these is charity.',
    content: `First Corinthians 13 is often read at weddings, and it is beautiful there. But Paul did not write it for a wedding. He wrote it to a church that was proud of its spiritual gifts and divided by rivalry. They spoke in tongues, prophesied and claimed knowledge, yet they were treating one another badly.

Paul's point is that gifts without love are worthless. Tongues without love are noise. Knowledge without love is nothing. Even giving away everything and suffering martyrdom, without love, gains nothing.

"Charity" is the older English word for the self-giving love Paul describes: patient, kind, not envious, not boastful, not keeping a record of wrongs. Faith and hope will one day give way to sight. Love will remain forever, because God is love. Read the chapter again today and put your own name in place of "charity". Where you fall short, look to Christ, who fulfills every line, and ask him to love others through you.`,
  },
  {
    title: 'Eyes on the Finisher',
    verseReference: 'Hebrews 12:1-2',
    verseText:
      'Wherefore seeing we also are compassed about with so great a cloud of witnesses, let us lay aside every weight, and the sin which doth so easily beset us, and let us run with patience the race that is set before us, Looking unto Jesus the author and finisher of our faith; who for the joy that was set before him endured the cross, despising the shame, and is set down at the right hand of the throne of God.',
    content: `The "cloud of witnesses" are the people of faith listed in Hebrews 11: Abel, Noah, Abraham, Moses, Rahab and many others. They are not spectators watching us from the stands so much as witnesses whose lives testify that God is faithful. They ran before us, and they finished.

The Christian life is pictured as a long-distance race. It requires endurance more than speed. Runners strip off anything that slows them down, and we are told to lay aside both sin and other "weights", things that may not be wrong in themselves but hold us back.

Above all, we run looking to Jesus. He is the author, the pioneer who went ahead, and the finisher, who completes what he began. He endured the cross for the joy set before him. When the race feels long today, do not stare at your own feet or at the runners beside you. Look to the one who has already crossed the line and waits for you there.`,
  },
  {
    title: 'Where Help Comes From',
    verseReference: 'Psalm 121:1-2',
    verseText:
      'I will lift up mine eyes unto the hills, from whence cometh my help. My help cometh from the LORD, which made heaven and earth.',
    content: `Psalm 121 is one of the "songs of ascents", sung by pilgrims traveling up to Jerusalem for the festivals. The road was long and dangerous, winding through hills where bandits could hide. Some of those hills also held shrines to other gods. A pilgrim looking up at the hills might feel fear, or be tempted to look there for protection.

The psalmist asks the question and answers it. Where does my help come from? Not from the hills themselves, but from the LORD who made them. The maker of heaven and earth is greater than anything in heaven or earth.

The rest of the psalm describes his care: he does not slumber, he keeps your going out and your coming in, from this time forth and for evermore. Whatever road you are walking today, look past the hills. Your help comes from the one who made them, and he is watching over you every step of the way.`,
  },
  {
    title: 'A Stronghold in Trouble',
    verseReference: 'Nahum 1:7',
    verseText: 'The LORD is good, a strong hold in the day of trouble; and he knoweth them that trust in him.',
    content: `Nahum is a short and fierce book. It announces the fall of Nineveh, capital of the Assyrian empire that had terrorized the nations for generations. Most of the book describes judgment: chariots, siege and destruction. Right in the middle of the opening poem sits this quiet, tender verse.

The same God who judges cruelty is good to those who take refuge in him. His power is terrifying to tyrants and comforting to the oppressed. For the people of Judah, who had suffered under Assyria, Nahum's message was good news: the bully will not win, and God is a safe place.

"He knoweth them that trust in him" is more than awareness. In the Bible, to be known by God means to be cared for, claimed and protected. If today feels like a day of trouble, you do not need to be strong yourself. You need a stronghold. Run to him. He knows your name.`,
  },
  {
    title: 'Truth That Frees',
    verseReference: 'John 8:31-32',
    verseText:
      'Then said Jesus to those Jews which believed on him, If ye continue in my word, then are ye my disciples indeed; And ye shall know the truth, and the truth shall make you free.',
    content: `"The truth shall make you free" is carved over the entrances of libraries and universities around the world. It is often taken to mean that knowledge in general liberates. That is a fine sentiment, but it is not quite what Jesus said. Read the verse before it and the condition becomes clear.

Jesus was speaking to people who had begun to believe in him. He told them that real discipleship means continuing, or abiding, in his word. The truth that sets free is not information in general, but the truth about him, known by living in his teaching.

His hearers objected that they had never been slaves to anyone. Jesus replied that whoever commits sin is the slave of sin, and that if the Son makes you free, you will be free indeed. Freedom, in Jesus' sense, is not doing whatever we like. It is release from sin's grip into life with God. Stay in his word today, and that freedom will grow.`,
  },
  {
    title: 'All Things New',
    verseReference: '2 Corinthians 5:17',
    verseText:
      'Therefore if any man be in Christ, he is a new creature: old things are passed away; behold, all things are become new.',
    content: `Paul has just said that he no longer regards anyone from a merely human point of view. Once he had looked at Jesus that way, and concluded that a crucified man could not be the Messiah. Now everything has changed. Being "in Christ" changes how we see Jesus, how we see others, and how we see ourselves.

"New creature" can also be translated "new creation". Paul is not only saying that an individual gets a fresh start, wonderful as that is. He is saying that when someone is united to Christ, the new creation God promised has begun to break in. The age to come has reached into the present.

That does not mean everything about us changes instantly. Old habits linger, and the struggle with sin goes on. But our identity is no longer defined by our past. If you are in Christ, you are not who you were. Live today from that new identity, and let the "behold" of this verse stir wonder in you.`,
  },
  {
    title: 'Delight Reshapes Desire',
    verseReference: 'Psalm 37:4',
    verseText: 'Delight thyself also in the LORD; and he shall give thee the desires of thine heart.',
    content: `This verse is sometimes treated as a spiritual vending machine: delight in God, and he will give you whatever you want. But Psalm 37 is a wisdom psalm about not envying the wicked, who seem to prosper while the righteous struggle. Its counsel is patience: trust in the Lord, do good, commit your way to him, rest and wait.

In that context, delighting in the Lord changes what we desire. The more we enjoy God himself, the more our hearts are drawn toward what he loves. He does not simply fill our existing wish list. He reshapes the list, and then fulfills it.

The deepest desire of a heart that delights in God is God himself. That desire will never be disappointed. Today, instead of starting with what you want from God, start with what you enjoy about him. Thank him for his goodness, his faithfulness and his beauty. Let delight come first, and trust him with your desires.`,
  },
  {
    title: 'Quick to Listen',
    verseReference: 'James 1:19',
    verseText: 'Wherefore, my beloved brethren, let every man be swift to hear, slow to speak, slow to wrath.',
    content: `James is one of the most practical books in the New Testament, and this verse may be one of its most practical lines. It gives three instructions that belong together: hear quickly, speak slowly, anger slowly.

Most of us reverse the order. We are quick to speak, quick to become angry, and slow to listen. We form our answer while the other person is still talking. We react before we understand. James says that human anger does not produce the righteousness of God.

The context suggests that the first thing we should be quick to hear is the word of God itself. James goes on to urge his readers to receive the implanted word with meekness and to be doers of it, not hearers only. A person who listens carefully to God tends to listen better to people. Choose one conversation today in which you will listen fully before you answer. You may be surprised by what you hear.`,
  },
  {
    title: 'The Secret of Contentment',
    verseReference: 'Philippians 4:12-13',
    verseText:
      'I know both how to be abased, and I know how to abound: every where and in all things I am instructed both to be full and to be hungry, both to abound and to suffer need. I can do all things through Christ which strengtheneth me.',
    content: `Philippians 4:13 is one of the most quoted verses in the Bible, usually on its own and often as a promise of success. Read with the verse before it, its meaning becomes clear. The "all things" Paul can do are being hungry and being full, having plenty and being in need.

Paul was writing from prison, thanking the Philippians for a gift. He wants them to know he is grateful, but not desperate. He has learned contentment in every circumstance. The strength Christ gives him is the strength to be at peace whether he has a little or a lot.

That is a greater promise than success. Success depends on circumstances; contentment in Christ does not. Notice also that Paul says he has "learned" this. It did not come naturally. Contentment grows through practice: thanksgiving, trust and a steady look at Christ. Whatever your situation today, plenty or want, Christ can strengthen you to be content in it.`,
  },
  {
    title: 'The Running Father',
    verseReference: 'Luke 15:20',
    verseText:
      'And he arose, and came to his father. But when he was yet a great way off, his father saw him, and had compassion, and ran, and fell on his neck, and kissed him.',
    content: `Jesus told the parable of the prodigal son to a mixed crowd. Tax collectors and sinners were drawing near to listen, and Pharisees and scribes were grumbling that he ate with them. The parable is addressed to both groups, which is why it has two sons.

The younger son had demanded his inheritance early, which was close to wishing his father dead, and wasted it. He came home rehearsing a speech, hoping to be taken back as a hired servant. But the father saw him a long way off, which means he had been watching. And he ran. In that culture, a dignified older man did not run. This father did not care.

The son never finished his speech. The father interrupted with a robe, a ring, sandals and a feast. This is how Jesus describes God's welcome to those who come home. Whatever distance you feel from God today, the Father is watching the road. Turn toward him, and you will find him running toward you.`,
  },
  {
    title: 'Help My Unbelief',
    verseReference: 'Mark 9:24',
    verseText:
      'And straightway the father of the child cried out, and said with tears, Lord, I believe; help thou mine unbelief.',
    content: `This father had brought his son, tormented since childhood, to the disciples, and they could not help. By the time Jesus arrived, there was an argument going on and the father's hope was running low. "If thou canst do any thing," he said, "have compassion on us, and help us."

Jesus picked up on that "if". All things are possible to him who believes. The father's reply is one of the most honest prayers in the Bible: "Lord, I believe; help thou mine unbelief."

He did not pretend to have perfect faith. He brought the faith he had, mixed with doubt, and asked Jesus to make up the difference. And Jesus healed his son. The power was never in the quality of the father's faith, but in the one he trusted. If your faith feels weak and divided today, you can pray this prayer. Jesus does not turn away honest, struggling faith. He receives it, and strengthens it.`,
  },
  {
    title: 'As Far as East From West',
    verseReference: 'Psalm 103:12',
    verseText: 'As far as the east is from the west, so far hath he removed our transgressions from us.',
    content: `Psalm 103 begins with David speaking to his own soul: "Bless the LORD, O my soul, and forget not all his benefits." He then lists them: forgiveness, healing, redemption, love, mercy, renewed strength. It is as if he is preaching to himself, reminding his own heart of what God has done.

This verse uses a picture of distance. If you travel north, eventually you begin to travel south. But you can travel east forever and never begin going west. The two never meet. That is how far God removes our sins from those who fear him.

The psalm goes on to say that God remembers we are dust. He knows our frame. He does not forgive reluctantly, and he does not keep bringing up what he has forgiven. Many Christians believe they are forgiven but still live as though their sins are close by, ready to be held against them. Today, speak to your own soul as David did. Forget not his benefits.`,
  },
  {
    title: 'No More Tears',
    verseReference: 'Revelation 21:4',
    verseText:
      'And God shall wipe away all tears from their eyes; and there shall be no more death, neither sorrow, nor crying, neither shall there be any more pain: for the former things are passed away.',
    content: `Revelation was written to churches under pressure, facing persecution and the temptation to compromise. Much of the book is hard to understand and full of conflict. But its ending is clear and beautiful: a new heaven and a new earth, and the dwelling of God with his people.

The picture is intimate. God himself wipes away the tears from their eyes. He does not simply declare that sorrow is over; he comes close, like a parent comforting a child. And the list of what is gone is the list of everything that darkens this life: death, sorrow, crying, pain.

Christian hope is not an escape into a vague spiritual existence. It is the renewal of creation, the resurrection of the body, and life with God forever. That hope does not make present grief unreal, but it does make it temporary. If you are in tears today, know that they are seen, and that one day the hand that wipes them away will be God's own.`,
  },
  {
    title: 'He Finishes What He Starts',
    verseReference: 'Philippians 1:6',
    verseText:
      'Being confident of this very thing, that he which hath begun a good work in you will perform it until the day of Jesus Christ.',
    content: `Paul had a special affection for the church at Philippi. He had planted it, and from the first day they had partnered with him in the gospel, supporting him with gifts even when he was in prison. As he thanks God for them, he expresses a confidence that does not rest on them, but on God.

God began the good work. He will complete it. Salvation is not a project God starts and then leaves for us to finish. The same God who called us will carry us through to the day of Christ's return.

This is a great comfort when we feel unfinished, and all of us are. You may look at your own life and see slow progress, old sins and half-formed habits. God sees that too, and he is not discouraged. He is a craftsman who does not abandon his work. Take heart today: you are a work in progress, and the one doing the work always finishes.`,
  },
  {
    title: 'Thanks in Everything',
    verseReference: '1 Thessalonians 5:16-18',
    verseText:
      'Rejoice evermore. Pray without ceasing. In every thing give thanks: for this is the will of God in Christ Jesus concerning you.',
    content: `People often ask what God's will is for their lives, usually meaning which job to take or whom to marry. Here Paul tells us plainly what God's will is, and it is not primarily about those decisions. It is about a posture of the heart: rejoicing, praying and giving thanks.

These commands are short but not shallow. The Thessalonian believers were suffering persecution, and some were grieving loved ones who had died. Paul does not ask them to be thankful for everything, as if evil were good. He asks them to give thanks in everything, because God is present and at work in every circumstance.

To "pray without ceasing" does not mean spending every waking moment on our knees. It means living in constant awareness of God, turning to him throughout the day in brief words of thanks and requests for help. Try it today: whenever you move from one task to another, pause and give thanks for one thing. Small habits shape a grateful heart.`,
  },
  {
    title: 'Meant for Good',
    verseReference: 'Genesis 50:20',
    verseText:
      'But as for you, ye thought evil against me; but God meant it unto good, to bring to pass, as it is this day, to save much people alive.',
    content: `Joseph spoke these words to the brothers who had sold him into slavery decades earlier. Their father Jacob had died, and they feared Joseph would finally take revenge. Instead, Joseph wept, and told them he would provide for them and their children.

His words hold two truths together. The brothers really did intend evil. Joseph does not excuse them or pretend their sin was small. But God was at work through the very same events, bringing Joseph to Egypt so that he could save many lives in a time of famine.

This does not mean every painful thing can be explained in this life. Joseph waited many years, through slavery and prison, before he could see the pattern. But it means that human evil never has the final word. The supreme example is the cross, where sinners meant evil and God meant it for the salvation of the world. Whatever has been done against you, God is still at work.`,
  },
  {
    title: 'Kept From Stumbling',
    verseReference: 'Jude 1:24-25',
    verseText:
      'Now unto him that is able to keep you from falling, and to present you faultless before the presence of his glory with exceeding joy, To the only wise God our Saviour, be glory and majesty, dominion and power, both now and ever. Amen.',
    content: `The letter of Jude is short and urgent. Jude had wanted to write about the salvation his readers shared, but instead he had to warn them about false teachers who had crept into the church and turned God's grace into an excuse for immorality. The letter is full of warnings and examples of judgment.

Yet it ends with one of the most glorious doxologies in the Bible. After all the warnings, Jude does not leave his readers anxious about whether they will make it. He points them to God, who is able to keep them from stumbling and to present them blameless, with great joy.

Our perseverance ultimately rests in God's power, not our own. We are called to keep ourselves in the love of God, as Jude says a few verses earlier, but it is God who keeps us. One day you will stand before him, not in shame, but presented faultless by Christ. Let that future fill you with praise today.`,
  },
];
