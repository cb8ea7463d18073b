package io.fx.micronaut.test.app;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Size;

import java.time.Instant;
import java.util.List;

/** A book on a {@link Rack}: a field of every kind Fixtures fills in. */
@FxModel
public class Book extends BaseModel {
    @Fx("required, unique, filterable, sortable")
    @Size(min = 24, max = 40)
    private String title;
    @Fx("required")
    @Email
    private String contact;
    @Fx("required, enum:novel|essay|poetry, filterable")
    private String genre;
    @Fx("required, min:3")
    private Integer pages;
    @Fx("required, min:0.5, max:5")
    private Double weight;
    @Fx("min:1")
    private int edition;
    @Fx("required")
    private Boolean autographed;
    @Fx("required")
    private Instant printedAt;
    @Fx("required, json_array")
    @Size(min = 2)
    private List<String> keywords;
    @Fx("enum:new|used, default:new")
    private String state;
    @Fx("required, filterable, onDelete:cascade")
    private String rackId;
    private String note;

    public String getTitle() {
        return title;
    }

    public void setTitle(String title) {
        this.title = title;
    }

    public String getContact() {
        return contact;
    }

    public void setContact(String contact) {
        this.contact = contact;
    }

    public String getGenre() {
        return genre;
    }

    public void setGenre(String genre) {
        this.genre = genre;
    }

    public Integer getPages() {
        return pages;
    }

    public void setPages(Integer pages) {
        this.pages = pages;
    }

    public Double getWeight() {
        return weight;
    }

    public void setWeight(Double weight) {
        this.weight = weight;
    }

    public int getEdition() {
        return edition;
    }

    public void setEdition(int edition) {
        this.edition = edition;
    }

    public Boolean getAutographed() {
        return autographed;
    }

    public void setAutographed(Boolean autographed) {
        this.autographed = autographed;
    }

    public Instant getPrintedAt() {
        return printedAt;
    }

    public void setPrintedAt(Instant printedAt) {
        this.printedAt = printedAt;
    }

    public List<String> getKeywords() {
        return keywords;
    }

    public void setKeywords(List<String> keywords) {
        this.keywords = keywords;
    }

    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    public String getRackId() {
        return rackId;
    }

    public void setRackId(String rackId) {
        this.rackId = rackId;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }
}
