/// Word lists the generator draws from. Written for Flick; short on purpose, the mix comes
/// from combining them.
enum Vocabulary {
    static let cjkPhrases = [
        "今天天气不错", "刚下班", "周末去爬山", "这家店的面真好吃", "终于把代码写完了", "地铁上人好多",
        "新手机到了", "晚上一起看电影吗", "猫咪又在睡觉", "咖啡续命", "这个设计太好看了", "明天要早起",
        "分享一张照片", "大家怎么看", "笑死我了", "好久不见", "春天来了", "滑动列表要流畅",
        "异步绘制整个单元格", "按需加载", "主线程只负责合成", "缓存行高", "图片解码放到后台", "文字排版一次就够",
        "深圳下雨了", "北京的秋天", "上海的夜景", "杭州西湖", "成都火锅", "广州早茶",
        "学习Swift中", "读完一本书", "跑步五公里", "周一综合症", "年终总结", "旅行计划",
    ]
    static let latinWords = [
        "Swift", "Linux", "timeline", "smooth", "60fps", "hello", "weekend", "coffee", "release", "bugfix",
        "design", "Cairo", "Pango", "HarfBuzz", "VVebo", "async", "render", "cache", "scroll", "OK",
    ]
    static let names = [
        "小明Alice", "李雷", "韩梅梅", "王小二", "Bob_42", "张三", "李四", "阿猫", "阿狗", "程序员老王",
        "设计师小美", "摄影爱好者", "旅行日记", "美食博主", "科技新闻", "Kate", "Tom-Lee", "夜猫子", "早起的鸟", "咖啡控",
    ]
    static let topics = [
        "Swift", "性能优化", "周末去哪儿", "今日份快乐", "读书打卡", "美食", "旅行", "摄影", "科技", "电影推荐",
    ]
    static let hosts = ["example.com", "swift.org", "weibo.example", "news.example.org", "t.example.cn"]
    static let emoticons = ["微笑", "哈哈", "爱你", "doge", "笑cry", "赞", "心", "鼓掌", "思考", "允悲", "二哈", "泪", "不存在"]
    static let emoji = ["😀", "😂", "👍🏽", "❤️", "🎉", "🔥", "👨‍👩‍👧‍👦", "🇨🇳", "🇯🇵", "1️⃣", "🐱", "🌸", "🏳️‍🌈", "🙏🏻"]
    static let rtl = ["مرحبا بالعالم", "شكرا جزيلا", "שלום עולם", "תודה רבה"]
    static let sources = ["iPhone 16 Pro", "Android", "微博 weibo.com", "iPad", "Flick for Linux", "HUAWEI Mate"]
}
