"""Page context: what the agent knows about the page the sidebar is open on.

One module per job; this map says where to start reading.

**Entry points**
  ``context``      PageSnapshot → PageContext within a token budget (what the agent loop calls)
  ``cli``          ``tabmate extract FILE…``: the same reading, one JSON line per file
  ``cache``        the last product contexts by URL (for "is this cheaper than the one before?")

**Reading any page**
  ``parse``        bytes or text → an lxml tree, whatever the page throws at us
  ``survey``       one walk over the elements for the readers that each needed their own
  ``stylerules``   classes the page's own ``<style>`` hides
  ``measures``     text length, link density, class weights · ``render`` subtree → markdown-like text
  ``budget``       token estimates, cutting between paragraphs · ``dates`` when it was published
  ``interactive``  visible controls the agent can act on (label, role, CSS selector)
  ``lazyre``       regular expressions compiled on first use

**The article** (``content.extract``)
  ``scoring``      which subtree holds the article · ``anchor`` its place under the title
  ``leads``        the standfirst above the body
  ``cleaning``     the surgery around it: prepare the page, then clean the chosen subtree with
  ``inarticle``    blocks about the article or pointing away from it (related, tags, calls)
  ``pointers``     "Read also: <a>…</a>" and "See also" lines pointing to other stories
  ``crumbs`` ``adlabels`` ``leftovers`` ``notices``   breadcrumbs, ad labels, the site's rows
                   and notices, told by shape and wording rather than class names
  ``commentnotes`` the comment section's notes ("Comments are closed") and the thread above them
  ``bylines``      who wrote the story, at its head ("By …", "Von …", "Reviewed by …") and in the
                   author's box at its edges ("About the author", a name over its bio), by wording
  ``edgenotes``    the publisher's disclaimers at the text's edges, its citation line and a call
                   to take its app or subscription that closes the text, by wording
  ``toggles``      the labels of show/hide controls left as lines ("Quellen ausblenden", "Show more")
  ``recipes``      a recipe's ingredients and steps, named by its schema.org JSON-LD, kept through cleaning
  ``logins``       log-in and sign-up boxes, told by their password field
  ``linkboxes``    runs the boxes told by where their links lead (``hrefs`` reads a link):
                   ``sharebars`` ``donations`` ``teasercards`` ``teaserlinks`` ``excerpts``
                   ``follows`` ``selflinks``

**The product** (``product.extract_product``)
  ``product``      JSON-LD, then microdata / RDFa (``items``), then meta tags, then the page
  ``heuristics``   fields read the way a shopper reads them, for pages without complete markup,
                   on ``shopview`` (visible blocks in order, other products' boxes set apart)
  ``pageprice``    the product's own price · ``pagesku`` its code · ``stock`` stock wording
  ``stockshown``   stock wording as the page shows it: a stock-named element's, weighed with
                   what is around it (a picker's choice, one offer of a list, a notify offer)
  ``listprice``    the sale price beside a list price, told by the discount shown with them
  ``buybox`` ``buywords`` ``minicart``   buy controls, the words that buy, the cart box that is
                   not one
  ``tiles``        cards of other products in a row
  ``money`` ``currency`` ``normalise``   amounts, ISO currency codes, values in one form
"""
