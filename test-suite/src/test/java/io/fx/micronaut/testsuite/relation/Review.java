package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: belongs to a book explicitly (relation:Book with the companion book). */
@FxModel(softDelete = SoftDelete.TIMESTAMP)
public class Review extends BaseModel {

    @Fx("relation:Book;onDelete:cascade")
    private String bookRef;
    private Book book;
    @Fx("required, filterable")
    private Integer stars;
    private String text;
    @Fx("hidden")
    private String moderatorNote;
    @Fx("writeonly")
    private String token;

    public String getBookRef() { return bookRef; }
    public void setBookRef(String bookRef) { this.bookRef = bookRef; }
    public Book getBook() { return book; }
    public void setBook(Book book) { this.book = book; }
    public Integer getStars() { return stars; }
    public void setStars(Integer stars) { this.stars = stars; }
    public String getText() { return text; }
    public void setText(String text) { this.text = text; }
    public String getModeratorNote() { return moderatorNote; }
    public void setModeratorNote(String moderatorNote) { this.moderatorNote = moderatorNote; }
    public String getToken() { return token; }
    public void setToken(String token) { this.token = token; }
}
