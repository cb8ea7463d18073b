package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: the junction of books and genres, served at /api/book_genres. */
@FxModel
public class BookGenre extends BaseModel {

    @Fx("required, filterable, onDelete:cascade")
    private String bookId;
    @Fx("required, filterable, onDelete:cascade")
    private String genreId;

    public String getBookId() { return bookId; }
    public void setBookId(String bookId) { this.bookId = bookId; }
    public String getGenreId() { return genreId; }
    public void setGenreId(String genreId) { this.genreId = genreId; }
}
