package io.fx.micronaut.events;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EventPatternsTest {

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
        *               | post.created         | true
        post.created    | post.created         | true
        post.created    | post.updated         | false
        post.*          | post.created         | true
        post.*          | post.review.done     | true
        post.*          | post                 | false
        post.*          | post_tag.created     | false
        post.*          | poster.created       | false
        post.review.*   | post.review.done     | true
        post.review.*   | post.created         | false
        """)
    void matches(String pattern, String type, boolean expected) {
        assertEquals(expected, EventPatterns.of(List.of(pattern)).matches(type));
    }

    @ParameterizedTest
    @ValueSource(strings = {"post*", "*.created", "post.*.done", "Post.created", "post", "**", "post.", ".*", " "})
    void refusesAnyOtherWildcardOrName(String pattern) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EventPatterns.of(List.of(pattern)));
        assertTrue(e.getMessage().contains("'" + pattern + "'"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"Post,post", "PostTag,post_tag", "HTTPLog,http_log", "Order2Item,order2_item", "A,a"})
    void modelNamesBecomeSnakeCase(String name, String expected) {
        assertEquals(expected, EventTypes.snakeCase(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"post", "Post.created", "post..created", "post.created.", "post-x.created", ""})
    void customTypesAreChecked(String type) {
        assertThrows(IllegalArgumentException.class, () -> EventTypes.check(type));
    }
}
