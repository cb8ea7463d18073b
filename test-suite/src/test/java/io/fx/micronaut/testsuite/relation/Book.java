package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Relation test model: belongs to a writer by convention (cascade), has many reviews, many genres through BookGenre. */
@FxModel(softDelete = SoftDelete.TIMESTAMP)
public class Book extends BaseModel {

    @Fx("required, filterable, sortable")
    private String title;
    @Fx("filterable, onDelete:cascade")
    private String writerId;
    private List<Review> reviews;
    @Fx("through:BookGenre")
    private List<Genre> genres;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public String getWriterId() { return writerId; }
    public void setWriterId(String writerId) { this.writerId = writerId; }
    public List<Review> getReviews() { return reviews; }
    public void setReviews(List<Review> reviews) { this.reviews = reviews; }
    public List<Genre> getGenres() { return genres; }
    public void setGenres(List<Genre> genres) { this.genres = genres; }
}
