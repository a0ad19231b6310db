import type { SeedDevotional } from '../types';

// Verses are quoted from the King James Version (public domain).
export const devotionalsPart1: SeedDevotional[] = [
  {
    title: 'Stillness Before the Storm Ends',
    verseReference: 'Psalm 46:10',
    verseText: 'Be still, and know that I am God: I will be exalted among the heathen, I will be exalted in the earth.',
    content: `Psalm 46 is not a quiet psalm. Mountains shake, waters roar, nations rage and kingdoms totter. "Be still" is spoken into that noise, and it is addressed as much to the raging nations as to the worried believer: stop, cease your striving, and recognize who is God.

We often read this verse as an invitation to a peaceful morning with a cup of coffee, and it can be that. But its first meaning is stronger. It tells us that God's rule does not wait for the storm to end. He is our refuge and strength while the earth is still moving.

Stillness, then, is not the absence of trouble. It is the decision to stop fighting for control and to let God be God. Today, name the thing you are most anxious to manage. Then place it, deliberately, in the hands of the One who will be exalted in the earth, whatever happens next.`,
  },
  {
    title: 'New Every Morning',
    verseReference: 'Lamentations 3:22-23',
    verseText:
      "It is of the LORD's mercies that we are not consumed, because his compassions fail not. They are new every morning: great is thy faithfulness.",
    content: `These famous words were not written on a bright day. Lamentations is a book of grief, five poems mourning the destruction of Jerusalem. The writer has just described himself as broken, walled in and without peace. Then, in the middle of the ruins, he remembers something, and hope returns.

He does not say that his circumstances have improved. The city is still in ashes. What has changed is what he calls to mind: the steadfast love of the Lord that never ceases, and mercies that arrive fresh each morning like manna in the wilderness.

That is a pattern we can follow. Hope does not always begin with a change in what we see. It often begins with a decision about what we remember. Yesterday's failures do not use up today's mercy. Whatever you carried into this morning, God's compassion got here first, and it is enough for today.`,
  },
  {
    title: 'Leaning on the Right Support',
    verseReference: 'Proverbs 3:5-6',
    verseText:
      'Trust in the LORD with all thine heart; and lean not unto thine own understanding. In all thy ways acknowledge him, and he shall direct thy paths.',
    content: `To lean on something is to put your weight on it. Everyone leans on something: savings, reputation, health, intelligence, the approval of others. Proverbs warns us not to put our full weight on our own understanding, not because thinking is bad, but because our understanding was never designed to bear that load.

Notice that the proverb does not tell us to stop thinking. The whole book of Proverbs is a call to seek wisdom. The contrast is between trusting God with all our heart and trusting our own insight as the final word. We think, plan and decide, but we hold our conclusions humbly before the One who sees what we cannot.

"In all thy ways acknowledge him" means bringing God into every part of life, not just the religious parts. Work, money, friendships and the ordinary decisions of today all belong to him. The promise is that he will make our paths straight. He may not show us the whole road, but he will guide the next step.`,
  },
  {
    title: 'Strength for the Long Walk',
    verseReference: 'Isaiah 40:31',
    verseText:
      'But they that wait upon the LORD shall renew their strength; they shall mount up with wings as eagles; they shall run, and not be weary; and they shall walk, and not faint.',
    content: `Isaiah 40 opens a new section of the book with the words "Comfort ye my people". It was written for people who felt forgotten, exiles who thought God had lost track of them. Isaiah answers by pointing to the Creator who names every star and never grows tired.

The promise at the end of the chapter has a surprising order: first soaring, then running, then walking. We might expect it the other way around, building up to the dramatic. But most of life is walking. Eagles' wings are wonderful, yet the greater miracle may be simply keeping going, day after ordinary day, without fainting.

To wait on the Lord is not passive. It means looking to him, hoping in him, depending on him rather than on our own reserves of energy. If you are tired today, you are not disqualified. You are exactly the kind of person this promise was written for. The strength comes as you wait.`,
  },
  {
    title: 'Rest for the Weary',
    verseReference: 'Matthew 11:28',
    verseText: 'Come unto me, all ye that labour and are heavy laden, and I will give you rest.',
    content: `Jesus spoke these words to people weighed down not only by hard work, but by religion. The teachers of the law had added burden upon burden to the commandments, and ordinary people could never keep up. Into that world Jesus offers a different yoke, one that is easy, and a burden that is light.

Notice that the invitation is to a person, not a program. "Come unto me." Rest is not first of all a technique, a vacation or a better schedule, though all of those have their place. It is found in relationship with Jesus, who is "meek and lowly in heart".

A yoke is still a yoke. Jesus does not promise a life without work or responsibility. He promises to share it, to walk beside us, and to teach us a way of living that is not crushed by the need to prove ourselves. Whatever you are carrying today, bring it to him. He is not tired of hearing from you.`,
  },
  {
    title: 'The Good God Is Working',
    verseReference: 'Romans 8:28',
    verseText:
      'And we know that all things work together for good to them that love God, to them who are the called according to his purpose.',
    content: `Romans 8:28 is sometimes used as a quick answer to pain: "Don't worry, it will all work out." But Paul is not offering a cliché. He has just written about creation groaning, believers groaning, and the Spirit groaning with us in prayer. This promise is spoken from inside the suffering, not from a safe distance.

The "good" in this verse is defined in the next: to be conformed to the image of God's Son. God's promise is not that every event will feel good or turn out the way we hoped. It is that nothing, not even loss, will be wasted in his work of making us like Jesus.

That is a promise strong enough to hold weight. It does not ask us to call evil good. It tells us that God is greater than the evil, and that he is weaving even our hardest days into a purpose that ends in glory. You can grieve honestly and still trust him.`,
  },
  {
    title: 'Peace That Stands Guard',
    verseReference: 'Philippians 4:6-7',
    verseText:
      'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God. And the peace of God, which passeth all understanding, shall keep your hearts and minds through Christ Jesus.',
    content: `"Be careful for nothing" in older English means "do not be anxious about anything". For many of us that sounds impossible. But Paul does not simply forbid anxiety; he gives us somewhere to put it. Every worry can become a request, and every request can be made with thanksgiving.

Thanksgiving matters. It reminds us that the God we are asking has been faithful before. It widens our view beyond the one problem that fills the screen of our mind.

The promise is remarkable. God's peace will "keep", or guard, our hearts and minds. Paul's readers lived in a Roman colony with soldiers on duty; they knew what a guard was. God's peace stands at the door of our thoughts. It may come before the problem is solved, and it may make no sense to anyone watching. That is exactly why it "passeth all understanding". Bring him your worries today, one by one.`,
  },
  {
    title: 'Abiding, Not Striving',
    verseReference: 'John 15:5',
    verseText:
      'I am the vine, ye are the branches: He that abideth in me, and I in him, the same bringeth forth much fruit: for without me ye can do nothing.',
    content: `Jesus spoke these words on the night before his death, as he prepared his disciples for life without his physical presence. The picture is simple: a vine and its branches. A branch does not produce grapes by effort. It produces them by staying connected to the vine.

"Without me ye can do nothing" is humbling. We can do many things without Jesus: build careers, raise families, even run churches. But we can produce nothing of eternal value, nothing that is truly the fruit of his life, apart from him.

To abide means to remain, to make your home. It looks like ordinary, repeated habits: returning to his word, praying, obeying what he says, staying close to his people. It is less like a sprint and more like staying at home. Fruit will follow in its season. Today, instead of asking how much you can produce, ask how you can stay close to the Vine.`,
  },
  {
    title: 'The Shepherd Who Provides',
    verseReference: 'Psalm 23:1',
    verseText: 'The LORD is my shepherd; I shall not want.',
    content: `David had been a shepherd before he was a king. He knew what sheep need: grass, water, guidance, protection, and someone who will not abandon them when danger comes. When he says "the LORD is my shepherd", he is not being sentimental. He is saying that God does for him everything a good shepherd does for a flock.

"I shall not want" does not mean that David got everything he desired. His life included betrayal, exile and grief. It means that he lacked nothing he truly needed, because the Shepherd himself was with him, even through the valley of the shadow of death.

Jesus took this picture and applied it to himself: "I am the good shepherd: the good shepherd giveth his life for the sheep." The Shepherd of Psalm 23 turned out to be one who would lay down his own life. If he has done that, he will not fail to provide for you today.`,
  },
  {
    title: 'What the Lord Requires',
    verseReference: 'Micah 6:8',
    verseText:
      'He hath shewed thee, O man, what is good; and what doth the LORD require of thee, but to do justly, and to love mercy, and to walk humbly with thy God?',
    content: `Micah 6 is set as a courtroom scene. God brings a case against his people, and they respond by asking what sacrifice would satisfy him. Burnt offerings? Thousands of rams? Rivers of oil? Even their firstborn child? The questions escalate until they become grotesque.

The answer cuts through all of it. God has already shown what is good. He is not looking for extravagant religious gestures to buy his favor. He wants lives marked by justice, mercy and humility.

These three belong together. Justice without mercy becomes harsh. Mercy without justice becomes sentimental. Both need humility, the recognition that we walk with God, not ahead of him. This verse does not describe how to earn salvation; Israel had already been redeemed from Egypt, as the chapter reminds them. It describes the shape of a redeemed life. Ask yourself today where you can act justly, show mercy, and walk humbly in one concrete situation.`,
  },
  {
    title: 'Strength Made Perfect in Weakness',
    verseReference: '2 Corinthians 12:9',
    verseText:
      'And he said unto me, My grace is sufficient for thee: for my strength is made perfect in weakness. Most gladly therefore will I rather glory in my infirmities, that the power of Christ may rest upon me.',
    content: `Paul had asked three times for his "thorn in the flesh" to be removed. We do not know exactly what it was, and perhaps that is a mercy, because it lets each of us see our own weakness in his. What we do know is that God said no, and gave him something better than relief.

"My grace is sufficient" is not a consolation prize. It is a promise that God's power will be displayed most clearly in the very place where Paul feels least adequate. The Corinthians admired impressive leaders, polished speakers and visible success. Paul boasts instead in weakness, because that is where Christ's power rests on him.

Your weakness today may be physical, emotional or spiritual. God may remove it, and it is right to ask. But if he does not, he has not abandoned you. His grace is sufficient, not in theory, but for this day and this struggle.`,
  },
  {
    title: 'Courage With Company',
    verseReference: 'Joshua 1:9',
    verseText:
      'Have not I commanded thee? Be strong and of a good courage; be not afraid, neither be thou dismayed: for the LORD thy God is with thee whithersoever thou goest.',
    content: `Joshua had every reason to be afraid. Moses, the great leader of Israel, had died. A nation of former slaves stood at the edge of a land full of fortified cities. And now Joshua was in charge. Three times in this chapter God tells him to be strong and courageous.

The command is not a pep talk. God does not tell Joshua to believe in himself or to look inside for hidden strength. The reason for courage is outside Joshua entirely: "the LORD thy God is with thee whithersoever thou goest."

Courage in scripture is not the absence of fear; it is obedience in the presence of God while fear is still there. Joshua's courage would be shown in a very practical way: meditating on God's law and doing what it said. Whatever new territory you are facing today, you do not face it alone. The same God goes with you, and that is reason enough to take the next step.`,
  },
  {
    title: 'Faith With Substance',
    verseReference: 'Hebrews 11:1',
    verseText: 'Now faith is the substance of things hoped for, the evidence of things not seen.',
    content: `Some people think faith means believing things without any reason. Hebrews 11 paints a very different picture. Faith has "substance" and gives "evidence". It is not a leap in the dark, but confident trust in what God has said and shown, even when the fulfilment is still out of sight.

The chapter that follows is a gallery of ordinary people who trusted God's promises. Abraham left home without knowing where he was going. Moses chose hardship with God's people over the treasures of Egypt. Many of them died without receiving what was promised, but they saw it from afar and embraced it.

Their faith was grounded in the God who had spoken and acted in their history. Ours is grounded in even more: the life, death and resurrection of Jesus, witnessed and recorded. Faith looks forward to things not yet seen because it rests on things that have already been seen. That is what makes it reasonable, and what makes it strong enough to live by.`,
  },
  {
    title: 'A Reason for the Hope',
    verseReference: '1 Peter 3:15',
    verseText:
      'But sanctify the Lord God in your hearts: and be ready always to give an answer to every man that asketh you a reason of the hope that is in you with meekness and fear.',
    content: `This verse is often quoted as a call to study apologetics, and it is. But notice where Peter starts: "sanctify the Lord God in your hearts". Before we prepare answers, we set Christ apart as Lord. When he has that place, fear of other people loses its grip.

Peter's readers were suffering for their faith, slandered by neighbors and mistreated by authorities. He expected their hope to be visible enough that people would ask about it. Our lives should make people curious.

And the answer should be given "with meekness and fear", or in modern terms, with gentleness and respect. A true answer given with arrogance is a poor witness. The goal is not to win an argument but to commend a living hope. Think today about how you would explain, in a few sentences, why you follow Jesus. Then ask God for an opportunity, and for a gentle heart when it comes.`,
  },
  {
    title: 'A Lamp for the Next Step',
    verseReference: 'Psalm 119:105',
    verseText: 'Thy word is a lamp unto my feet, and a light unto my path.',
    content: `Psalm 119 is the longest chapter in the Bible, and every one of its 176 verses celebrates God's word. This verse is one of its best known, and the picture is worth slowing down for. In the ancient world a lamp was a small clay dish of oil with a wick. It did not light up the whole landscape. It gave enough light for the next few steps.

That is often how God's word guides us. We would like a floodlight showing the next ten years. Instead, scripture shows us what is right and wise for today, and trusts us to walk forward as it does.

The psalmist does not treat God's word as a rulebook to be endured. He calls it sweeter than honey. He meditates on it all day. He finds in it life, freedom and delight. Open the Bible today, not only for information, but for light. Ask God to show you the next step, and then take it.`,
  },
  {
    title: 'Renewed Minds',
    verseReference: 'Romans 12:2',
    verseText:
      'And be not conformed to this world: but be ye transformed by the renewing of your mind, that ye may prove what is that good, and acceptable, and perfect, will of God.',
    content: `Romans 12 begins with the word "therefore", which tells us to look back. Paul has spent eleven chapters describing the mercies of God: our sin, his grace, justification by faith, life in the Spirit and his faithfulness to his promises. Only now does he turn to how we should live. Christian living is always a response to grace.

To be conformed is to be pressed into a mold. The world around us has its own shape and constantly pushes us into it, through advertising, entertainment, social pressure and the unspoken assumptions of our culture. Paul says: do not let it.

The alternative is transformation, and it starts in the mind. As we fill our thinking with God's truth, our desires and habits begin to change, and we become able to recognize God's will. This is slow work, not a sudden makeover. But every time you read, remember and believe what God says, the mold of the world loosens its grip.`,
  },
  {
    title: 'Christ Who Lives in Me',
    verseReference: 'Galatians 2:20',
    verseText:
      'I am crucified with Christ: nevertheless I live; yet not I, but Christ liveth in me: and the life which I now live in the flesh I live by the faith of the Son of God, who loved me, and gave himself for me.',
    content: `Paul wrote these words in the middle of an argument. Some teachers in Galatia were insisting that Gentile believers must keep the law of Moses to be fully accepted by God. Paul answers that he has died to the law and now lives to God, because he has been united with Christ in his death.

This is one of the most personal sentences in the New Testament. "Who loved me, and gave himself for me." Paul does not speak about the love of God in general terms. He speaks of a love aimed at him, at the persecutor of the church, at the one who had once tried to destroy the faith.

The Christian life, then, is not a self-improvement project. It is the life of Christ in us, received by faith. You are not trying to live for God on your own strength. If you belong to him, he lives in you. Today, whatever you do, do it in dependence on the One who loved you and gave himself for you.`,
  },
  {
    title: 'Saved by Grace, Not by Résumé',
    verseReference: 'Ephesians 2:8-9',
    verseText:
      'For by grace are ye saved through faith; and that not of yourselves: it is the gift of God: Not of works, lest any man should boast.',
    content: `Ephesians 2 begins with bad news: we were dead in trespasses and sins, following the course of this world. Dead people cannot improve themselves. They need to be raised. Then come two of the most beautiful words in the Bible: "But God". God, rich in mercy, made us alive together with Christ.

Salvation is a gift. We do not earn it, and we do not deserve it. Even the faith by which we receive it is not something we can boast about, as if we were wiser than others for believing. The whole thing comes from God.

This is freeing. We no longer need to build a résumé to present to God, or compare ourselves with others to reassure ourselves we are doing well enough. But grace does not leave us idle. Verse 10 goes on: we are his workmanship, created in Christ Jesus for good works. We work because we are saved, not in order to be saved. Rest in the gift today, and then go and do good.`,
  },
  {
    title: 'Faithful to Forgive',
    verseReference: '1 John 1:9',
    verseText:
      'If we confess our sins, he is faithful and just to forgive us our sins, and to cleanse us from all unrighteousness.',
    content: `John wrote his first letter to believers who were being confused by teachers claiming to have moved beyond sin. John answers bluntly: if we say we have no sin, we deceive ourselves. Honest Christians do not pretend. They confess.

To confess means to agree with God about what we have done. It is not groveling, and it is not earning forgiveness by feeling bad enough. It is bringing our sin into the light and naming it for what it is.

The surprising word in this verse is "just". We might expect John to say God is merciful to forgive, and he is. But he says God is faithful and just. Why just? Because the penalty for our sin has already been paid by Jesus, our advocate and the propitiation for our sins. God is not overlooking sin when he forgives us; he is honoring the sacrifice of his Son. So you can confess today without fear. Forgiveness is not a gamble. It is a promise backed by the cross.`,
  },
  {
    title: 'Upheld by His Hand',
    verseReference: 'Isaiah 41:10',
    verseText:
      'Fear thou not; for I am with thee: be not dismayed; for I am thy God: I will strengthen thee; yea, I will help thee; yea, I will uphold thee with the right hand of my righteousness.',
    content: `Isaiah 41 imagines the nations trembling at the rise of a conqueror from the east. They respond by making new idols and nailing them down so they will not topple. Against that scene, God turns to Israel, his servant, and speaks tenderly.

Notice the reasons given for not fearing. They are all about God: I am with you, I am your God, I will strengthen you, I will help you, I will uphold you. The idols of the nations need to be held up by their worshippers. Israel's God holds up his people.

That contrast is worth pondering. What are you tempted to rely on that you have to prop up yourself? Money, reputation, control? Those things can be good, but they cannot carry you. The living God does not need your support. He offers his. Whatever has you dismayed today, hear him say "I will uphold thee", and let his right hand bear the weight.`,
  },
  {
    title: 'Fearfully and Wonderfully Made',
    verseReference: 'Psalm 139:14',
    verseText:
      'I will praise thee; for I am fearfully and wonderfully made: marvellous are thy works; and that my soul knoweth right well.',
    content: `Psalm 139 is a meditation on being completely known by God. David realizes there is nowhere he can go to escape God's presence, not the heights of heaven nor the depths of the grave, not the far side of the sea nor the darkness of night. At first that sounds almost frightening. Then it becomes comfort.

The same God who sees everywhere also formed David in his mother's womb, knitting him together with care. Every day of his life was written in God's book before one of them came to be.

This verse is not an invitation to admire ourselves, but to praise God for his workmanship. Whatever you think of your body, your mind or your personality today, you did not make yourself. You were made with purpose by a God who knows you fully and does not turn away. That is the foundation of human dignity, and it is also the foundation of your worth in his eyes.`,
  },
  {
    title: 'The Resurrection and the Life',
    verseReference: 'John 11:25',
    verseText:
      'Jesus said unto her, I am the resurrection, and the life: he that believeth in me, though he were dead, yet shall he live.',
    content: `Jesus spoke these words to Martha, four days after her brother Lazarus had died. She had sent for Jesus while Lazarus was sick, and he had delayed. When he finally arrived, she met him with grief and honest disappointment: "Lord, if thou hadst been here, my brother had not died."

Martha believed in a resurrection at the last day. Jesus tells her something more: resurrection is not only an event in the future, it is a person standing in front of her. "I am the resurrection." Then he asks her the question he asks every reader of John's gospel: "Believest thou this?"

Moments later, Jesus weeps at the tomb, and then calls Lazarus out alive. He is both moved by our grief and mighty over death. If you are grieving today, you can bring him your honest disappointment, as Martha did. He will not rebuke you for it. And he will remind you that death does not have the last word.`,
  },
  {
    title: 'Not in Vain',
    verseReference: '1 Corinthians 15:58',
    verseText:
      'Therefore, my beloved brethren, be ye stedfast, unmoveable, always abounding in the work of the Lord, forasmuch as ye know that your labour is not in vain in the Lord.',
    content: `First Corinthians 15 is the great resurrection chapter. Paul lists the witnesses of the risen Christ, argues that if Christ is not raised our faith is futile, and then soars into a description of the resurrection body and the final defeat of death. Then, at the very end, he brings it all down to earth with a "therefore".

Because Christ is risen and we will be raised, our work matters. Much of what we do feels small and forgettable: the meal cooked, the lesson taught, the kind word spoken, the faithful hours at a job no one notices. Paul says none of it is wasted when it is done in the Lord.

The resurrection does not make this life unimportant. It makes it permanent in a way we cannot yet see. So be steadfast today. Keep doing the good work in front of you, even when it seems to make no difference. Your labor is not in vain.`,
  },
  {
    title: 'Ask for Wisdom',
    verseReference: 'James 1:5',
    verseText:
      'If any of you lack wisdom, let him ask of God, that giveth to all men liberally, and upbraideth not; and it shall be given him.',
    content: `James opens his letter by telling his readers to count it joy when they face trials, because testing produces patience. Then, almost immediately, he offers this promise. The connection matters. The wisdom James has in mind is especially the wisdom to walk faithfully through hard times.

Notice how he describes God. God gives generously, and he "upbraideth not", which means he does not scold or reproach us for asking. Some of us hesitate to pray because we feel we should already know what to do. James says: ask anyway. God is not irritated by your need.

The next verses add that we should ask in faith, without doubting. That does not mean we must have no questions; it means we come to God trusting that he really is generous, rather than keeping one foot out of the door. What decision or difficulty needs wisdom today? Ask for it specifically, and expect him to answer, often through his word, wise counsel and the slow clarity of obedience.`,
  },
  {
    title: 'Work as Worship',
    verseReference: 'Colossians 3:23',
    verseText: 'And whatsoever ye do, do it heartily, as to the Lord, and not unto men.',
    content: `When Paul wrote these words, he was addressing slaves in the households of Colossae. Their work was not chosen, and often it was not appreciated. Yet Paul tells them that their labor can be offered to Christ, who sees it and will reward it.

That changes the meaning of ordinary work. Whether you are answering emails, changing diapers, fixing engines or studying for an exam, you can do it for the Lord. Your first audience is not your boss, your customers or your social media followers. It is Christ.

Working "heartily" means working with your whole self, not half-heartedly or only when someone is watching. It also frees us from the tyranny of other people's opinions. If our work is for the Lord, we need not be crushed when it goes unnoticed, nor puffed up when it is praised. Choose one task today and consciously offer it to him. Even the dull parts of your day can become an act of worship.`,
  },
  {
    title: 'Whom Shall I Fear?',
    verseReference: 'Psalm 27:1',
    verseText:
      'The LORD is my light and my salvation; whom shall I fear? the LORD is the strength of my life; of whom shall I be afraid?',
    content: `David asks two questions in this verse, and both expect the answer "no one". Yet the rest of the psalm is honest about real threats: evildoers, enemies, armies encamped against him, false witnesses breathing out violence. David is not in denial. He is facing real danger with a bigger reality in view.

The LORD is his light, so darkness cannot overwhelm him. The LORD is his salvation, so his enemies cannot have the final word. The LORD is his strength, or stronghold, so he has a place to run.

Later in the psalm David says the one thing he desires is to dwell in the house of the Lord and to gaze on his beauty. His courage comes from his worship. When God fills our vision, our fears shrink to their proper size. What is making you afraid today? Hold it up against the greatness of God, then pray the closing words of the psalm: wait on the LORD, be of good courage.`,
  },
  {
    title: 'First Things First',
    verseReference: 'Matthew 6:33',
    verseText:
      'But seek ye first the kingdom of God, and his righteousness; and all these things shall be added unto you.',
    content: `This verse comes at the climax of Jesus' teaching on worry in the Sermon on the Mount. He has pointed to the birds, fed without barns, and the lilies, dressed more beautifully than Solomon. The "things" in question are ordinary needs: food, drink and clothing. Jesus does not dismiss them. He says our Father knows we need them.

The issue is priority. The people around Jesus' first hearers spent their energy chasing these things. Jesus calls his followers to seek something else first: God's reign and God's righteousness. When that comes first, the rest takes its proper place.

This is not a formula for getting rich. It is a promise that the Father who cares for birds will care for his children as they pursue his kingdom. Seeking the kingdom is practical: honesty at work, generosity with money, forgiveness in relationships, prayer for God's will to be done. What would putting the kingdom first look like in one decision you face today?`,
  },
  {
    title: 'Enough for Today',
    verseReference: 'Matthew 6:34',
    verseText:
      'Take therefore no thought for the morrow: for the morrow shall take thought for the things of itself. Sufficient unto the day is the evil thereof.',
    content: `Jesus ends his teaching on anxiety with a touch of realism. He does not promise that tomorrow will be easy. He says each day has enough trouble of its own. The problem with worry is that it tries to carry tomorrow's trouble today, when we have been given strength only for today.

This is not a prohibition on planning. Scripture commends the ant that prepares in summer and the builder who counts the cost. The difference is between planning and fretting. Planning makes a wise decision and then leaves the outcome with God. Fretting replays tomorrow over and over, as if our worry could control it.

God gave Israel manna one day at a time. Jesus taught us to pray for daily bread. There is grace in that rhythm. Tomorrow's grace will come with tomorrow. Today, do what today requires, trust God with what it does not, and let the rest wait until morning.`,
  },
  {
    title: 'Not as the World Gives',
    verseReference: 'John 14:27',
    verseText:
      'Peace I leave with you, my peace I give unto you: not as the world giveth, give I unto you. Let not your heart be troubled, neither let it be afraid.',
    content: `Jesus gave this promise at the Last Supper, hours before his arrest. His disciples were confused and afraid. He had told them that he was going away, that one of them would betray him and that Peter would deny him. Of all the nights to speak about peace, this seems the least likely.

But that is exactly the point. The peace Jesus gives does not depend on calm circumstances. The world gives peace by removing trouble, or by distracting us from it, and that kind of peace is fragile. Jesus gives his own peace, the peace he had as he walked toward the cross, grounded in his relationship with the Father.

"Let not your heart be troubled" is both a gift and a command. We receive his peace, and we choose not to let fear rule us. When your heart is troubled today, remember the night this was spoken, and the morning that followed three days later. His peace has been tested by the worst, and it held.`,
  },
  {
    title: 'Love That Went First',
    verseReference: 'Romans 5:8',
    verseText: 'But God commendeth his love toward us, in that, while we were yet sinners, Christ died for us.',
    content: `In the verses just before this, Paul observes that people will rarely die even for a righteous person, though perhaps someone might dare to die for a good one. Human love, at its best, is drawn by something lovable in the other person. God's love is different.

Christ died for us "while we were yet sinners". Not after we cleaned ourselves up. Not because he saw potential. He died for people who were, in Paul's words a few verses earlier, ungodly and without strength, and a few verses later, enemies.

This is the proof, the commendation, of God's love. When you doubt whether God could love you, do not look first at your feelings or your circumstances, which change. Look at the cross, which does not. And if God loved you like that when you were far from him, Paul argues, how much more will he keep you now that you have been reconciled. Your standing rests on a love that went first.`,
  },
];
