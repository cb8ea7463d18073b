package io.fx.micronaut.model.internal;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NamingTest {

    @ParameterizedTest
    @CsvSource({"Person, people", "Category, categories", "Status, statuses", "Post, posts", "Box, boxes",
        "PostTag, post_tags", "Child, children", "Day, days", "BlogEntry, blog_entries", "HTTPLog, http_logs",
        "Address, addresses", "Church, churches"})
    void tableNames(String className, String table) {
        assertEquals(table, Naming.tableName(className));
    }

    @ParameterizedTest
    @CsvSource({"publishedAt, published_at", "authorId, author_id", "title, title", "internalNote, internal_note",
        "httpCode, http_code", "HTTPCode, http_code", "value2Max, value2_max"})
    void columnNames(String property, String column) {
        assertEquals(column, Naming.snakeCase(property));
    }
}
