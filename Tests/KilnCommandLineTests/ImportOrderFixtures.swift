import Foundation
import KilnTestSupport

extension ImportFixture {
    /// `Tests/Fixtures/import-order/`: one 23-migration history per tool whose file names change shape half-way
    /// (a diesel folder `2024-02-16_101500_…` among `2024-02-13-090200_…`, a dbmate `20240225_…` beside
    /// `20240225093000_…`, unpadded `1_` to `14_` before sqlx timestamps, `19_` and `20_` among golang-migrate's
    /// `000018_`, goose's unpadded numbers then two timestamps, Flyway's `1_2` among `1.1`, `1.10` and `V10`),
    /// with a comment-only migration, a 12-step rebuild between `PRAGMA foreign_keys` statements, a file outside
    /// a transaction and down files. The up files are listed in the order each tool applies them, as read in its
    /// source: diesel and dbmate compare text (diesel the version without dashes, dbmate the file name), the
    /// others numbers; each migration depends on earlier ones, so no other order builds the schema.
    static let irregular: [ImportFixture] = [
        ImportFixture(
            tool: "diesel", isDetected: true,
            upFiles: [
                "2024-01-02-090000_create_users/up.sql", "2024-01-05-101300_create_posts/up.sql",
                "2024-01-08-112600_add_users_name/up.sql", "2024-01-11-123900_create_comments/up.sql",
                "2024-01-14-135200_index_posts_user/up.sql", "2024-01-17-140500_add_posts_body/up.sql",
                "2024-01-20-151800_create_tags/up.sql", "2024-01-23-093100_create_post_tags/up.sql",
                "2024-01-26-104400_add_posts_published_at/up.sql", "2024-01-29-115700_index_posts_published/up.sql",
                "2024-02-01-121000_reserved/up.sql", "2024-02-04-132300_add_comments_user/up.sql",
                "2024-02-07-143600_create_likes/up.sql", "2024-02-10-154900_users_email_nocase/up.sql",
                "2024-02-13-090200_add_users_bio/up.sql", "2024-02-16_101500_add_posts_comment_count/up.sql",
                "2024-02-19-112800_count_comments/up.sql", "2024-02-22-124100_create_published_posts/up.sql",
                "2024-02-25-135400_create_notifications/up.sql",
                "2024-02-28-140700_index_notifications_unread/up.sql", "2024-03-02-152000_add_tags_color/up.sql",
                "2024-03-05-093300_published_posts_date/up.sql", "2024-03-08-104600_create_settings/up.sql",
            ], downMarker: nil, root: "import-order"),
        ImportFixture(
            tool: "sqlx", isDetected: true,
            upFiles: [
                "1_create_users.sql", "2_create_posts.sql", "3_add_users_name.sql", "4_create_comments.sql",
                "5_index_posts_user.sql", "6_add_posts_body.sql", "7_create_tags.sql", "8_create_post_tags.sql",
                "9_add_posts_published_at.sql", "10_index_posts_published.sql", "11_reserved.sql",
                "12_add_comments_user.sql", "13_create_likes.sql", "14_users_email_nocase.sql",
                "20240213090200_add_users_bio.sql", "20240216101500_add_posts_comment_count.sql",
                "20240219112800_count_comments.sql", "20240222124100_create_published_posts.sql",
                "20240225135400_create_notifications.sql", "20240228140700_index_notifications_unread.sql",
                "20240302152000_add_tags_color.sql", "20240305093300_published_posts_date.sql",
                "20240308104600_create_settings.sql",
            ], downMarker: nil, root: "import-order"),
        ImportFixture(
            tool: "golang-migrate", isDetected: false,
            upFiles: [
                "000001_create_users.up.sql", "000002_create_posts.up.sql", "000003_add_users_name.up.sql",
                "000004_create_comments.up.sql", "000005_index_posts_user.up.sql", "000006_add_posts_body.up.sql",
                "000007_create_tags.up.sql", "000008_create_post_tags.up.sql",
                "000009_add_posts_published_at.up.sql", "000010_index_posts_published.up.sql",
                "000011_reserved.up.sql", "000012_add_comments_user.up.sql", "000013_create_likes.up.sql",
                "000014_users_email_nocase.up.sql", "000015_add_users_bio.up.sql",
                "000016_add_posts_comment_count.up.sql", "000017_count_comments.up.sql",
                "000018_create_published_posts.up.sql", "19_create_notifications.up.sql",
                "20_index_notifications_unread.up.sql", "000021_add_tags_color.up.sql",
                "000022_published_posts_date.up.sql", "000023_create_settings.up.sql",
            ], downMarker: nil, root: "import-order"),
        ImportFixture(
            tool: "goose", isDetected: true,
            upFiles: [
                "1_create_users.sql", "2_create_posts.sql", "3_add_users_name.sql", "4_create_comments.sql",
                "5_index_posts_user.sql", "6_add_posts_body.sql", "7_create_tags.sql", "8_create_post_tags.sql",
                "9_add_posts_published_at.sql", "10_index_posts_published.sql", "11_reserved.sql",
                "12_add_comments_user.sql", "13_create_likes.sql", "14_users_email_nocase.sql",
                "15_add_users_bio.sql", "16_add_posts_comment_count.sql", "17_count_comments.sql",
                "18_create_published_posts.sql", "19_create_notifications.sql", "20_index_notifications_unread.sql",
                "21_add_tags_color.sql", "20240901133300_published_posts_date.sql",
                "20240904144600_create_settings.sql",
            ], downMarker: "-- +goose Down", root: "import-order"),
        ImportFixture(
            tool: "dbmate", isDetected: true,
            upFiles: [
                "20240102090000_create_users.sql", "20240105101300_create_posts.sql",
                "20240108112600_add_users_name.sql", "20240111123900_create_comments.sql",
                "20240114135200_index_posts_user.sql", "20240117140500_add_posts_body.sql",
                "20240120151800_create_tags.sql", "20240123093100_create_post_tags.sql",
                "20240126104400_add_posts_published_at.sql", "20240129115700_index_posts_published.sql",
                "20240201121000_reserved.sql", "20240204132300_add_comments_user.sql",
                "20240207143600_create_likes.sql", "20240210154900_users_email_nocase.sql",
                "20240213090200_add_users_bio.sql", "20240216101500_add_posts_comment_count.sql",
                "20240219112800_count_comments.sql", "20240222124100_create_published_posts.sql",
                "20240225093000_create_notifications.sql", "20240225_index_notifications_unread.sql",
                "20240302152000_add_tags_color.sql", "20240305093300_published_posts_date.sql",
                "20240308104600_create_settings.sql",
            ], downMarker: "-- migrate:down", root: "import-order"),
        ImportFixture(
            tool: "flyway", isDetected: true,
            upFiles: [
                "V1__create_users.sql", "V1.1__create_posts.sql", "V1_2__add_users_name.sql",
                "V1.3__create_comments.sql", "V1.4__index_posts_user.sql", "V1.5__add_posts_body.sql",
                "V1.6__create_tags.sql", "V1.7__create_post_tags.sql", "V1.8__add_posts_published_at.sql",
                "V1.9__index_posts_published.sql", "V1.10__reserved.sql", "V1_11__add_comments_user.sql",
                "V2__create_likes.sql", "V2.1__users_email_nocase.sql", "V3__add_users_bio.sql",
                "V4__add_posts_comment_count.sql", "V5__count_comments.sql", "V6__create_published_posts.sql",
                "V7__create_notifications.sql", "V8__index_notifications_unread.sql", "V9__add_tags_color.sql",
                "V10__published_posts_date.sql", "V11__create_settings.sql",
            ], downMarker: nil, root: "import-order"),
    ]

    /// Per tool, the up files the review names because another reading (the file names, or for a tool that
    /// compares text the versions as numbers) would place them elsewhere: the fewest such files, found by hand.
    /// sqlx's and goose's `1_` to `9_`, which names sort after `10_` to `14_` (`0` before `_`).
    private static let unpadded = [
        "1_create_users.sql", "2_create_posts.sql", "3_add_users_name.sql", "4_create_comments.sql",
        "5_index_posts_user.sql", "6_add_posts_body.sql", "7_create_tags.sql", "8_create_post_tags.sql",
        "9_add_posts_published_at.sql",
    ]

    static let reviewedOrder: [String: [String]] = [
        "diesel": ["2024-02-16_101500_add_posts_comment_count/up.sql"],
        "dbmate": ["20240225_index_notifications_unread.sql"],
        "sqlx": unpadded,
        "golang-migrate": ["19_create_notifications.up.sql", "20_index_notifications_unread.up.sql"],
        "goose": unpadded + ["20240901133300_published_posts_date.sql", "20240904144600_create_settings.sql"],
        "flyway": [
            "V1__create_users.sql", "V1_2__add_users_name.sql", "V1.10__reserved.sql", "V2.1__users_email_nocase.sql",
            "V10__published_posts_date.sql", "V11__create_settings.sql",
        ],
    ]
}
